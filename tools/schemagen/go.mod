module kinplace.local/schemagen

go 1.21

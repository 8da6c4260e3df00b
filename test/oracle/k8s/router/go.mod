module kinplace.local/oracle/k8s/router

go 1.21

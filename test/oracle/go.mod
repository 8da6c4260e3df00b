module kinplace.local/oracle

go 1.21

require (
	github.com/appscode/jsonpatch v1.0.1
	github.com/gowebpki/jcs v1.0.2
	gopkg.in/evanphx/json-patch.v4 v4.13.0
)

package main

// pod.validateResize's parts every build has (contract: resize.go).

import (
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// resizeFields are the members pod.validateResize accepts besides op and id.
var resizeFields = []string{"old", "oldText", "new", "newText", "kubernetes", "gates", "applyDefaults", "maxErrorBytes"}

// codeNotFound: the API server answers 404 (no such route).
const codeNotFound = "E_NOT_FOUND"

// resizeNotFound is the API server's answer to a request for a subresource it does not serve: go-restful
// finds no route and the server's service error handler turns its 404 into
// NewGenericServerResponse(404, ...), whose Error() is the message. path names the request field that
// decides it (kubernetes: a minor before 1.32; gates: InPlacePodVerticalScaling off).
func resizeNotFound(path string) *protoError {
	err := apierrors.NewGenericServerResponse(404, "", schema.GroupResource{}, "", "404: Page Not Found", 0, false)
	return fieldErr(codeNotFound, path, err.Error())
}

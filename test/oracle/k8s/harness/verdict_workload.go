//go:build kube

package main

// The `verdict` for the apps/v1 kinds refuses what kube-apiserver refuses (kube builds): before the controllers'
// own comparison, the two stored objects (decoded, defaulted, round-tripped) are converted to the internal version
// and handed to rest.BeforeUpdate with the kind's registry strategy exactly as workload.validateUpdate does
// (workloadBeforeUpdate, with the request's gates); an Invalid StatusError makes the verdict "rejected" with every
// container kept. Only when applyDefaults is in effect (the objects as the cluster stores them).

import (
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

func init() {
	workloadVerdictHook = workloadRefused
}

// workloadRefused reports whether the API server refuses the update of objs[0] to objs[1] (v1 objects of kind).
func workloadRefused(req *request, kind string, objs [2]interface{}) (bool, *protoError) {
	k, ok := workloadKinds[kind]
	if !ok {
		return false, nil
	}
	resetGates()
	if perr := applyGates(req.field("gates")); perr != nil {
		return false, perr
	}
	setAllowPrivileged(true)
	var internal [2]runtime.Object
	for i := range objs {
		out := k.newInternal()
		if err := legacyscheme.Scheme.Convert(objs[i], out, nil); err != nil {
			return false, fieldErr(codeDecode, []string{"old", "new"}[i], err.Error())
		}
		internal[i] = out
	}
	err, perr := workloadBeforeUpdate(k, internal[1], internal[0], &warningTexts{})
	if perr != nil {
		return false, perr
	}
	if err == nil {
		return false, nil
	}
	if se, ok := err.(*apierrors.StatusError); ok && se.ErrStatus.Reason == metav1.StatusReasonInvalid {
		return true, nil
	}
	return false, fieldErr(codeBadRequest, "new", err.Error())
}

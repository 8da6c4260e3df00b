//go:build kube && !kruise && minorge27

package main

// kubelet.resizeAdmission's *kubelet.Kubelet (contract: admit.go): a zero Kubelet whose unexported fields the
// resize path reads are set through reflect + unsafe: kubeClient (a non-nil client, so getNodeAnyWay asks the node
// lister), nodeLister (answers the request's Node), nodeName, podManager (the real basic pod manager holding every
// pod of the request and the resized pod), podWorkers (no pod is terminating or terminated), statusManager (the
// real status manager: no status recorded by the kubelet), admitHandlers (the predicate admit handler; 1.33 and older). The
// era files add what their minor reads (the allocation checkpoint, the container manager).

import (
	"reflect"
	"unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	clientset "k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/kubernetes/pkg/kubelet"
	"k8s.io/kubernetes/pkg/kubelet/lifecycle"
	kubepod "k8s.io/kubernetes/pkg/kubelet/pod"
	"k8s.io/kubernetes/pkg/kubelet/status"
)

// admitClient is a non-nil API client; the resize path only tests it against nil.
type admitClient struct{ clientset.Interface }

// admitNodeLister answers the request's Node.
type admitNodeLister struct {
	corelisters.NodeLister
	node *v1.Node
}

func (l admitNodeLister) Get(string) (*v1.Node, error) { return l.node, nil }

// admitPodWorkers: no pod is terminating or known terminated.
type admitPodWorkers struct{ kubelet.PodWorkers }

func (admitPodWorkers) IsPodKnownTerminated(types.UID) bool      { return false }
func (admitPodWorkers) IsPodTerminationRequested(types.UID) bool { return false }

// setStructField sets the (unexported) field `name` of the struct *obj points to.
func setStructField(obj interface{}, name string, val interface{}) {
	f := reflect.ValueOf(obj).Elem().FieldByName(name)
	if !f.IsValid() {
		panic("harness: no field " + name + " in " + reflect.TypeOf(obj).String())
	}
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(reflect.ValueOf(val))
}

// hasStructField tells whether the struct *obj points to has a field `name`.
func hasStructField(obj interface{}, name string) bool {
	return reflect.ValueOf(obj).Elem().FieldByName(name).IsValid()
}

// callWith calls constructor fn with the zero value of every parameter but those in args (by position).
func callWith(fn interface{}, args map[int]interface{}) interface{} {
	f := reflect.ValueOf(fn)
	in := make([]reflect.Value, f.Type().NumIn())
	for i := range in {
		if a, ok := args[i]; ok {
			in[i] = reflect.ValueOf(a)
		} else {
			in[i] = reflect.Zero(f.Type().In(i))
		}
	}
	return f.Call(in)[0].Interface()
}

// newAdmitKubelet is the kubelet of `node` with the pods `all` and the resized pod bound to it.
func newAdmitKubelet(pod *v1.Pod, all []*v1.Pod, node *v1.Node) (*kubelet.Kubelet, status.Manager) {
	kl := &kubelet.Kubelet{}
	pm := callWith(kubepod.NewBasicPodManager, nil).(kubepod.Manager)
	for _, p := range all {
		pm.AddPod(p)
	}
	pm.AddPod(pod)
	sm := callWith(status.NewManager, map[int]interface{}{1: pm}).(status.Manager)
	setStructField(kl, "kubeClient", clientset.Interface(admitClient{}))
	setStructField(kl, "nodeLister", corelisters.NodeLister(admitNodeLister{node: node}))
	setStructField(kl, "nodeName", types.NodeName(node.Name))
	setStructField(kl, "podManager", pm)
	setStructField(kl, "podWorkers", kubelet.PodWorkers(admitPodWorkers{}))
	setStructField(kl, "statusManager", sm)
	if hasStructField(kl, "admitHandlers") { // 1.34+: the allocation manager holds them
		setStructField(kl, "admitHandlers", lifecycle.PodAdmitHandlers{predicateHandler(node)})
	}
	return kl, sm
}

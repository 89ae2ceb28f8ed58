// Package manifests checks deploy/k8s/ offline: every manifest strict-decodes into the k8s.io/api
// types (unknown or misspelt fields and wrong types fail), and what strict decoding cannot see is
// checked here: selectors match pod labels, probes and Services name ports the containers open,
// every environment variable is a setting of `cardroom serve`, the grace period covers the
// server's shutdown grace, and Redis keeps an append-only file on a claimed volume.
package manifests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/yaml"
)

const k8sDir = ".."

// kustomization holds the fields of kustomization.yaml these manifests use; strict decoding
// rejects any other, so a typo is caught here as in kubectl.
type kustomization struct {
	APIVersion string   `json:"apiVersion"`
	Kind       string   `json:"kind"`
	Namespace  string   `json:"namespace,omitempty"`
	Resources  []string `json:"resources,omitempty"`
	Labels     []struct {
		Pairs map[string]string `json:"pairs"`
	} `json:"labels,omitempty"`
	Images []struct {
		Name    string `json:"name"`
		NewName string `json:"newName,omitempty"`
		NewTag  string `json:"newTag,omitempty"`
	} `json:"images,omitempty"`
	Patches []struct {
		Path string `json:"path"`
	} `json:"patches,omitempty"`
}

type objects struct {
	deployments  map[string]*appsv1.Deployment
	statefulSets map[string]*appsv1.StatefulSet
	services     map[string]*corev1.Service
	configMaps   map[string]*corev1.ConfigMap
	pdbs         map[string]*policyv1.PodDisruptionBudget
	hpas         map[string]*autoscalingv2.HorizontalPodAutoscaler
	names        map[string]bool // "Kind/name"
}

func newObjects() *objects {
	return &objects{
		deployments: map[string]*appsv1.Deployment{}, statefulSets: map[string]*appsv1.StatefulSet{},
		services: map[string]*corev1.Service{}, configMaps: map[string]*corev1.ConfigMap{},
		pdbs: map[string]*policyv1.PodDisruptionBudget{}, hpas: map[string]*autoscalingv2.HorizontalPodAutoscaler{},
		names: map[string]bool{},
	}
}

func documents(t *testing.T, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var docs [][]byte
	for _, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(data), -1) {
		if strings.TrimSpace(regexp.MustCompile(`(?m)^#.*$`).ReplaceAllString(doc, "")) != "" {
			docs = append(docs, []byte(doc))
		}
	}
	return docs
}

func strict(t *testing.T, path string, doc []byte, into any) {
	t.Helper()
	if err := yaml.UnmarshalStrict(doc, into); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// decode strict-decodes every document of a manifest file into its k8s.io/api type.
func (o *objects) decode(t *testing.T, path string) {
	t.Helper()
	for _, doc := range documents(t, path) {
		var meta metav1.TypeMeta
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var name string
		switch meta.APIVersion + " " + meta.Kind {
		case "apps/v1 Deployment":
			var d appsv1.Deployment
			strict(t, path, doc, &d)
			o.deployments[d.Name], name = &d, d.Name
		case "apps/v1 StatefulSet":
			var s appsv1.StatefulSet
			strict(t, path, doc, &s)
			o.statefulSets[s.Name], name = &s, s.Name
		case "v1 Service":
			var s corev1.Service
			strict(t, path, doc, &s)
			o.services[s.Name], name = &s, s.Name
		case "v1 ConfigMap":
			var c corev1.ConfigMap
			strict(t, path, doc, &c)
			o.configMaps[c.Name], name = &c, c.Name
		case "policy/v1 PodDisruptionBudget":
			var p policyv1.PodDisruptionBudget
			strict(t, path, doc, &p)
			o.pdbs[p.Name], name = &p, p.Name
		case "autoscaling/v2 HorizontalPodAutoscaler":
			var h autoscalingv2.HorizontalPodAutoscaler
			strict(t, path, doc, &h)
			o.hpas[h.Name], name = &h, h.Name
		default:
			t.Fatalf("%s: no check for %s %s", path, meta.APIVersion, meta.Kind)
		}
		if !regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`).MatchString(name) || len(name) > 63 {
			t.Errorf("%s: %q is not a valid name", path, name)
		}
		o.names[meta.Kind+"/"+name] = true
	}
}

// load reads a kustomization directory: its resources (recursively for bases) and its patches.
func load(t *testing.T, dir string) (*objects, *objects) {
	t.Helper()
	var k kustomization
	docs := documents(t, filepath.Join(dir, "kustomization.yaml"))
	strict(t, dir, docs[0], &k)
	if k.APIVersion != "kustomize.config.k8s.io/v1beta1" || k.Kind != "Kustomization" {
		t.Fatalf("%s: not a Kustomization", dir)
	}
	resources, patches := newObjects(), newObjects()
	for _, resource := range k.Resources {
		path := filepath.Join(dir, resource)
		info, err := os.Stat(path)
		if err != nil {
			t.Fatalf("%s: resource %s: %v", dir, resource, err)
		}
		if info.IsDir() {
			base, _ := load(t, path)
			mergeInto(resources, base)
		} else {
			resources.decode(t, path)
		}
	}
	for _, patch := range k.Patches {
		patches.decode(t, filepath.Join(dir, patch.Path))
	}
	for name := range patches.names {
		if !resources.names[name] {
			t.Errorf("%s: patch of %s, which no resource defines", dir, name)
		}
	}
	return resources, patches
}

func mergeInto(into, from *objects) {
	for k, v := range from.deployments {
		into.deployments[k] = v
	}
	for k, v := range from.statefulSets {
		into.statefulSets[k] = v
	}
	for k, v := range from.services {
		into.services[k] = v
	}
	for k, v := range from.configMaps {
		into.configMaps[k] = v
	}
	for k, v := range from.pdbs {
		into.pdbs[k] = v
	}
	for k, v := range from.hpas {
		into.hpas[k] = v
	}
	for k := range from.names {
		into.names[k] = true
	}
}

func selects(selector *metav1.LabelSelector, labels map[string]string) bool {
	if selector == nil || len(selector.MatchLabels) == 0 || len(selector.MatchExpressions) > 0 {
		return false
	}
	for key, value := range selector.MatchLabels {
		if labels[key] != value {
			return false
		}
	}
	return true
}

// settingNames is every environment variable `cardroom serve` reads: CARDROOM_ + each field of
// cardroom.app.config.Settings (what the README's table and --help list).
func settingNames(t *testing.T) map[string]bool {
	t.Helper()
	repo, _ := filepath.Abs(filepath.Join(k8sDir, "..", ".."))
	python := os.Getenv("PYTHON")
	if python == "" {
		python = "python3"
	}
	cmd := exec.Command(python, "-c",
		"from dataclasses import fields; from cardroom.app.config import Settings; "+
			"print('\\n'.join('CARDROOM_' + f.name.upper() for f in fields(Settings)))")
	cmd.Env = append(os.Environ(), "PYTHONPATH="+filepath.Join(repo, "service"))
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		t.Fatalf("reading the service's settings: %v: %s", err, errs.String())
	}
	names := map[string]bool{}
	for _, line := range strings.Fields(out.String()) {
		names[line] = true
	}
	if !names["CARDROOM_REDIS_URL"] || !names["CARDROOM_SHUTDOWN_GRACE"] {
		t.Fatalf("unexpected settings: %v", names)
	}
	return names
}

// allowedEnv: the service's settings, OpenTelemetry's standard variables, prometheus-client's.
func allowedEnv(settings map[string]bool, name string) bool {
	return settings[name] || strings.HasPrefix(name, "OTEL_") || name == "PROMETHEUS_MULTIPROC_DIR"
}

func containerPort(c corev1.Container, port intstr.IntOrString) bool {
	for _, p := range c.Ports {
		if (port.Type == intstr.String && p.Name == port.StrVal) || (port.Type == intstr.Int && p.ContainerPort == port.IntVal) {
			return true
		}
	}
	return false
}

func checkProbe(t *testing.T, where string, c corev1.Container, probe *corev1.Probe) {
	t.Helper()
	if probe == nil {
		return
	}
	switch {
	case probe.HTTPGet != nil:
		if !containerPort(c, probe.HTTPGet.Port) {
			t.Errorf("%s: probe port %s is not a port of %s", where, probe.HTTPGet.Port.String(), c.Name)
		}
	case probe.TCPSocket != nil:
		if !containerPort(c, probe.TCPSocket.Port) {
			t.Errorf("%s: probe port %s is not a port of %s", where, probe.TCPSocket.Port.String(), c.Name)
		}
	case probe.GRPC != nil:
		if !containerPort(c, intstr.FromInt32(probe.GRPC.Port)) {
			t.Errorf("%s: gRPC probe port %d is not a port of %s", where, probe.GRPC.Port, c.Name)
		}
	}
}

func checkPodSpec(t *testing.T, where string, spec corev1.PodSpec) {
	t.Helper()
	mounts := map[string]bool{}
	for _, v := range spec.Volumes {
		mounts[v.Name] = true
	}
	for _, c := range spec.Containers {
		checkProbe(t, where, c, c.ReadinessProbe)
		checkProbe(t, where, c, c.LivenessProbe)
		checkProbe(t, where, c, c.StartupProbe)
		if c.ReadinessProbe == nil || c.LivenessProbe == nil {
			t.Errorf("%s: %s needs readiness and liveness probes", where, c.Name)
		}
		if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
			t.Errorf("%s: %s needs CPU and memory requests and a memory limit", where, c.Name)
		}
		for _, m := range c.VolumeMounts {
			if !mounts[m.Name] {
				t.Errorf("%s: %s mounts %s, which is no volume", where, c.Name, m.Name)
			}
		}
	}
}

func TestBaseAndOverlays(t *testing.T) {
	settings := settingNames(t)
	base, _ := load(t, filepath.Join(k8sDir, "base"))

	server := base.deployments["cardroom"]
	if server == nil {
		t.Fatal("no Deployment cardroom")
	}
	podLabels := server.Spec.Template.Labels
	if !selects(server.Spec.Selector, podLabels) {
		t.Error("the Deployment's selector does not match its pod labels")
	}
	checkPodSpec(t, "Deployment/cardroom", server.Spec.Template.Spec)
	c := server.Spec.Template.Spec.Containers[0]
	if c.ReadinessProbe.HTTPGet == nil || c.ReadinessProbe.HTTPGet.Path != "/readyz" ||
		c.LivenessProbe.HTTPGet == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" {
		t.Error("readiness must probe /readyz and liveness /healthz")
	}

	// environment: every name a setting, the seat-token key from the Secret
	config := map[string]string{}
	for _, from := range c.EnvFrom {
		if from.ConfigMapRef == nil || base.configMaps[from.ConfigMapRef.Name] == nil {
			t.Fatalf("envFrom names no ConfigMap of the base: %+v", from)
		}
		for key, value := range base.configMaps[from.ConfigMapRef.Name].Data {
			config[key] = value
		}
	}
	secretFromSecret := false
	for _, env := range c.Env {
		config[env.Name] = env.Value
		if env.Name == "CARDROOM_SECRET" && env.ValueFrom != nil && env.ValueFrom.SecretKeyRef != nil {
			secretFromSecret = env.ValueFrom.SecretKeyRef.Name == "cardroom-seat-token"
		}
	}
	for name := range config {
		if !allowedEnv(settings, name) {
			t.Errorf("environment variable %s is no setting of cardroom serve", name)
		}
	}
	if !secretFromSecret {
		t.Error("CARDROOM_SECRET must come from the Secret cardroom-seat-token")
	}
	if !strings.HasPrefix(config["CARDROOM_REDIS_URL"], "redis://") {
		t.Error("CARDROOM_REDIS_URL must be set")
	}

	// graceful termination: the kubelet waits for the preStop pause and the server's own grace
	grace, err := strconv.ParseFloat(config["CARDROOM_SHUTDOWN_GRACE"], 64)
	if err != nil {
		t.Fatalf("CARDROOM_SHUTDOWN_GRACE: %v", err)
	}
	pause := 0.0
	if pre := c.Lifecycle.PreStop; pre != nil && pre.Exec != nil && len(pre.Exec.Command) == 2 && pre.Exec.Command[0] == "sleep" {
		pause, _ = strconv.ParseFloat(pre.Exec.Command[1], 64)
	}
	period := server.Spec.Template.Spec.TerminationGracePeriodSeconds
	if period == nil || float64(*period) < grace+pause || float64(*period) > grace+pause+15 {
		t.Errorf("terminationGracePeriodSeconds must cover the shutdown grace %.0f s + preStop %.0f s (a few s margin)", grace, pause)
	}

	// the Service reaches gRPC and HTTP on the server pods
	svc := base.services["cardroom"]
	if svc == nil || !selects(&metav1.LabelSelector{MatchLabels: svc.Spec.Selector}, podLabels) {
		t.Fatal("Service cardroom must select the server pods")
	}
	ports := map[string]bool{}
	for _, p := range svc.Spec.Ports {
		ports[p.Name] = true
		if !containerPort(c, p.TargetPort) {
			t.Errorf("Service port %s targets %s, no port of the container", p.Name, p.TargetPort.String())
		}
	}
	if !ports["grpc"] || !ports["http"] {
		t.Error("Service cardroom needs a grpc and an http port")
	}

	pdb := base.pdbs["cardroom"]
	if pdb == nil || !selects(pdb.Spec.Selector, podLabels) {
		t.Error("PodDisruptionBudget cardroom must select the server pods")
	}
	hpa := base.hpas["cardroom"]
	if hpa == nil || hpa.Spec.ScaleTargetRef.Kind != "Deployment" || hpa.Spec.ScaleTargetRef.Name != "cardroom" ||
		hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas < 2 {
		t.Error("HorizontalPodAutoscaler cardroom must scale the Deployment from 2 replicas")
	}

	// Redis: a StatefulSet behind its headless Service, AOF on, data on a claimed volume
	redis := base.statefulSets["cardroom-redis"]
	if redis == nil {
		t.Fatal("no StatefulSet cardroom-redis")
	}
	if !selects(redis.Spec.Selector, redis.Spec.Template.Labels) {
		t.Error("the Redis StatefulSet's selector does not match its pod labels")
	}
	headless := base.services[redis.Spec.ServiceName]
	if headless == nil || headless.Spec.ClusterIP != "None" ||
		!selects(&metav1.LabelSelector{MatchLabels: headless.Spec.Selector}, redis.Spec.Template.Labels) {
		t.Error("the Redis StatefulSet needs its headless Service")
	}
	if !strings.Contains(config["CARDROOM_REDIS_URL"], redis.Spec.ServiceName) {
		t.Error("CARDROOM_REDIS_URL does not point at the Redis StatefulSet")
	}
	rc := redis.Spec.Template.Spec.Containers[0]
	if !strings.Contains(strings.Join(rc.Args, " "), "--appendonly yes") {
		t.Error("Redis must run with --appendonly yes")
	}
	claimed := map[string]bool{}
	for _, claim := range redis.Spec.VolumeClaimTemplates {
		claimed[claim.Name] = true
	}
	redisSpec := redis.Spec.Template.Spec
	for _, claim := range redis.Spec.VolumeClaimTemplates {
		redisSpec.Volumes = append(redisSpec.Volumes, corev1.Volume{Name: claim.Name})
	}
	checkPodSpec(t, "StatefulSet/cardroom-redis", redisSpec)
	dataMounted := false
	for _, m := range rc.VolumeMounts {
		dataMounted = dataMounted || (claimed[m.Name] && m.MountPath == "/data")
	}
	if !dataMounted {
		t.Error("Redis's /data must be a PersistentVolumeClaim")
	}

	// every overlay builds on the base and patches only what the base defines
	overlays, _ := filepath.Glob(filepath.Join(k8sDir, "overlays", "*"))
	if len(overlays) == 0 {
		t.Fatal("no overlay")
	}
	for _, overlay := range overlays {
		t.Run(filepath.Base(overlay), func(t *testing.T) {
			resources, patches := load(t, overlay)
			if len(resources.deployments) == 0 || len(patches.names) == 0 {
				t.Errorf("%s: expected the base's resources and some patches", overlay)
			}
		})
	}
}

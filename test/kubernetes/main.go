// Validates the project's Kubernetes manifests (deploy/kubernetes) as strictly as a machine
// without a cluster or a schema host can: every document is decoded with strict decoding
// (unknown or misspelt fields, wrong types and duplicate fields are errors) into the real
// Kubernetes API types of k8s.io/api, which the API server itself decodes them into; then
// what the service needs of them is checked: probes on /ready and /health on the port the
// container exposes, a preStop that lets the drain happen within the grace period, memory
// requests and limits, the snapshot on a shared volume where INDEX_SNAPSHOT points, a non-root
// user, a Service whose selector finds the pods. Prints one line per check and a closing
// "N passed, N failed" line; exits 1 on any failure.
//
//	go run ./test/kubernetes deploy/kubernetes/*.yaml
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

var passed, failed int

func check(what string, ok bool, detail string) {
	status := "ok"
	if !ok {
		status = "FAILED"
		failed++
	} else {
		passed++
	}
	if detail != "" {
		what += " (" + detail + ")"
	}
	fmt.Printf("kubernetes: %s: %s\n", status, what)
}

type header struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name string `json:"name"`
	} `json:"metadata"`
}

// decode decodes one document strictly into the type of its kind.
func decode(doc []byte) (any, header, error) {
	var h header
	if err := yaml.Unmarshal(doc, &h); err != nil {
		return nil, h, err
	}
	var target any
	switch h.APIVersion + " " + h.Kind {
	case "v1 ConfigMap":
		target = &corev1.ConfigMap{}
	case "v1 PersistentVolumeClaim":
		target = &corev1.PersistentVolumeClaim{}
	case "v1 Service":
		target = &corev1.Service{}
	case "apps/v1 Deployment":
		target = &appsv1.Deployment{}
	case "batch/v1 CronJob":
		target = &batchv1.CronJob{}
	default:
		return nil, h, fmt.Errorf("no type known here for %s %s", h.APIVersion, h.Kind)
	}
	return target, h, yaml.UnmarshalStrict(doc, target)
}

func main() {
	objects := map[string]any{}
	for _, file := range os.Args[1:] {
		text, err := os.ReadFile(file)
		if err != nil {
			check("read "+file, false, err.Error())
			continue
		}
		for _, doc := range bytes.Split(text, []byte("\n---")) {
			if len(bytes.TrimSpace(stripComments(doc))) == 0 {
				continue
			}
			object, h, err := decode(doc)
			name := fmt.Sprintf("%s %s/%s", filepath.Base(file), h.Kind, h.Metadata.Name)
			check(name+" decodes strictly into the Kubernetes API type", err == nil, errText(err))
			if err == nil {
				objects[h.Kind+"/"+h.Metadata.Name] = object
			}
		}
	}
	deployment, _ := objects["Deployment/skos-lookup"].(*appsv1.Deployment)
	check("a Deployment skos-lookup", deployment != nil, "")
	if deployment != nil {
		checkDeployment(deployment, objects)
	}
	if cron, ok := objects["CronJob/skos-lookup-snapshot"].(*batchv1.CronJob); ok {
		pod := cron.Spec.JobTemplate.Spec.Template.Spec
		command := strings.Join(pod.Containers[0].Command, " ")
		check("the snapshot job runs the service's snapshot command onto the shared volume", command == "node dist/server.js snapshot /var/lib/skos-lookup/index.bin" && mounts(pod, pod.Containers[0], "/var/lib/skos-lookup", "skos-lookup-snapshot"), command)
		checkSecurity("the snapshot job", pod, pod.Containers[0])
	}
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		os.Exit(1)
	}
}

func checkDeployment(d *appsv1.Deployment, objects map[string]any) {
	pod := d.Spec.Template.Spec
	check("one container", len(pod.Containers) == 1, "")
	if len(pod.Containers) != 1 {
		return
	}
	c := pod.Containers[0]
	port, probePort := int32(0), int32(0)
	for _, p := range c.Ports {
		if p.Name == "http" {
			port = p.ContainerPort
		}
		if p.Name == "probes" {
			probePort = p.ContainerPort
		}
	}
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	check("the container listens where its port says (HOST 0.0.0.0, PORT = containerPort)", env["HOST"] == "0.0.0.0" && fmt.Sprint(port) == env["PORT"], fmt.Sprintf("PORT=%s, containerPort %d", env["PORT"], port))
	check("the probes' port is PROBE_PORT, apart from PORT (a crowd of clients' connections never holds a probe)", probePort != 0 && probePort != port && fmt.Sprint(probePort) == env["PROBE_PORT"], fmt.Sprintf("PROBE_PORT=%s, probes containerPort %d", env["PROBE_PORT"], probePort))
	probe := func(p *corev1.Probe, path string) bool {
		return p != nil && p.HTTPGet != nil && p.HTTPGet.Path == path && (p.HTTPGet.Port.StrVal == "probes" || p.HTTPGet.Port.IntVal == probePort)
	}
	check("readiness on /ready at the probes' port (the index in and the store answering)", probe(c.ReadinessProbe, "/ready"), "")
	check("liveness on /health at the probes' port (never asks the store)", probe(c.LivenessProbe, "/health"), "")
	check("/ready's probe waits longer than the store check it may run (5 s)", c.ReadinessProbe != nil && c.ReadinessProbe.TimeoutSeconds > 5, "")
	preStop := c.Lifecycle != nil && c.Lifecycle.PreStop != nil && c.Lifecycle.PreStop.Exec != nil && len(c.Lifecycle.PreStop.Exec.Command) == 2 && c.Lifecycle.PreStop.Exec.Command[0] == "sleep"
	check("a preStop pause before SIGTERM", preStop, "")
	grace := int64(30)
	if pod.TerminationGracePeriodSeconds != nil {
		grace = *pod.TerminationGracePeriodSeconds
	}
	var pause int64
	if preStop {
		fmt.Sscan(c.Lifecycle.PreStop.Exec.Command[1], &pause)
	}
	check("the grace period holds the pause and SHUTDOWN_GRACE_SECONDS (10 s)", grace >= pause+10+5, fmt.Sprintf("%d s for %d s + 10 s", grace, pause))
	memory := c.Resources.Requests.Memory()
	limit := c.Resources.Limits.Memory()
	check("memory requested and limited, the limit above a 2-million-concept build's measured peak (about 1 GB)", !memory.IsZero() && limit.Value() >= 1<<30+1<<29-1 && limit.Cmp(*memory) >= 0, fmt.Sprintf("%s, %s", memory, limit))
	check("the snapshot where INDEX_SNAPSHOT points is on the shared volume", strings.HasPrefix(env["INDEX_SNAPSHOT"], "/var/lib/skos-lookup/") && mounts(pod, c, "/var/lib/skos-lookup", "skos-lookup-snapshot"), env["INDEX_SNAPSHOT"])
	if claim, ok := objects["PersistentVolumeClaim/skos-lookup-snapshot"].(*corev1.PersistentVolumeClaim); ok {
		check("the snapshot's volume can be mounted by every replica at once (ReadWriteMany)", len(claim.Spec.AccessModes) == 1 && claim.Spec.AccessModes[0] == corev1.ReadWriteMany, "")
	} else {
		check("the snapshot's PersistentVolumeClaim", false, "missing")
	}
	checkSecurity("the service", pod, c)
	check("a rolling update that keeps every replica until its successor is ready", d.Spec.Strategy.RollingUpdate != nil && d.Spec.Strategy.RollingUpdate.MaxUnavailable != nil && d.Spec.Strategy.RollingUpdate.MaxUnavailable.IntValue() == 0, "")
	if service, ok := objects["Service/skos-lookup"].(*corev1.Service); ok {
		matches := len(service.Spec.Selector) > 0
		for k, v := range service.Spec.Selector {
			matches = matches && d.Spec.Template.Labels[k] == v
		}
		check("the Service selects the Deployment's pods and sends to their http port", matches && len(service.Spec.Ports) == 1 && service.Spec.Ports[0].TargetPort.StrVal == "http", "")
	} else {
		check("the Service skos-lookup", false, "missing")
	}
	for k, v := range d.Spec.Selector.MatchLabels {
		check("the Deployment's selector matches its pods", d.Spec.Template.Labels[k] == v, k)
	}
	for _, from := range c.EnvFrom {
		if from.ConfigMapRef != nil {
			_, ok := objects["ConfigMap/"+from.ConfigMapRef.Name]
			check("the ConfigMap the settings come from is defined", ok, from.ConfigMapRef.Name)
		}
	}
}

// mounts: the container mounts, at path, a volume of the pod backed by the claim.
func mounts(pod corev1.PodSpec, c corev1.Container, path, claim string) bool {
	for _, m := range c.VolumeMounts {
		if m.MountPath != path {
			continue
		}
		for _, v := range pod.Volumes {
			if v.Name == m.Name && v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == claim {
				return true
			}
		}
	}
	return false
}

// checkSecurity: the image's unprivileged user (uid 1000, `node`), no privilege escalation, a
// read-only root with /tmp writable.
func checkSecurity(what string, pod corev1.PodSpec, c corev1.Container) {
	sc := pod.SecurityContext
	check(what+" runs as the image's unprivileged user (uid 1000)", sc != nil && sc.RunAsNonRoot != nil && *sc.RunAsNonRoot && sc.RunAsUser != nil && *sc.RunAsUser == 1000, "")
	csc := c.SecurityContext
	writableTmp := false
	for _, m := range c.VolumeMounts {
		writableTmp = writableTmp || m.MountPath == "/tmp"
	}
	check(what+" cannot gain privileges and has a read-only root with /tmp writable", csc != nil && csc.AllowPrivilegeEscalation != nil && !*csc.AllowPrivilegeEscalation && csc.ReadOnlyRootFilesystem != nil && *csc.ReadOnlyRootFilesystem && writableTmp, "")
}

func stripComments(doc []byte) []byte {
	var out [][]byte
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
			out = append(out, line)
		}
	}
	return bytes.Join(out, []byte("\n"))
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

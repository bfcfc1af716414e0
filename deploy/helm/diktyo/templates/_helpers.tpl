{{/* The chart name, or nameOverride. */}}
{{- define "diktyo.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The prefix of every object's name: fullnameOverride, else the release name
if it contains the chart name, else <release>-<chart>. With the release
name "diktyo" the objects are named as in the kustomize base (diktyo-nri,
diktyo-config). At most 56 characters, so that the names with their
"-config" suffix stay within the 63 of a DNS label.
*/}}
{{- define "diktyo.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 56 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 56 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 56 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* chart-version, for the helm.sh/chart label. */}}
{{- define "diktyo.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels of every object. */}}
{{- define "diktyo.labels" -}}
helm.sh/chart: {{ include "diktyo.chart" . }}
app.kubernetes.io/name: {{ include "diktyo.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: diktyo
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- with .Chart.AppVersion }}
app.kubernetes.io/version: {{ . | quote }}
{{- end }}
{{- end }}

{{/* The DaemonSet's selector, also on its pods. Immutable: never change it. */}}
{{- define "diktyo.selectorLabels" -}}
app.kubernetes.io/name: {{ include "diktyo.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: nri-plugin
{{- end }}

{{/* The image of diktyo-nri and of the install-cni init container. */}}
{{- define "diktyo.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag | toString) }}
{{- end }}

{{/* The admin config as YAML: a map through toYaml, a string as is. */}}
{{- define "diktyo.config" -}}
{{- if kindIs "string" .Values.config }}
{{- .Values.config }}
{{- else }}
{{- toYaml .Values.config }}
{{- end }}
{{- end }}

{{/* The chain conflist as JSON: a map through toPrettyJson, a string as is. */}}
{{- define "diktyo.chain" -}}
{{- if kindIs "string" .Values.chain }}
{{- .Values.chain }}
{{- else }}
{{- toPrettyJson .Values.chain }}
{{- end }}
{{- end }}

{{/*
Where the kubelet probes diktyo-nri: metricsAddr's host and port, with a
wildcard or empty host probed on 127.0.0.1 (host network: the kubelet's
loopback is the node's), and a host from the environment ("$(NODE_IP)",
which Kubernetes expands in arguments but not in probes) left to the
kubelet's default, the pod's IP: the node's, for a host-network pod. As
YAML, for fromYaml.
*/}}
{{- define "diktyo.probeEndpoint" -}}
{{- if not .Values.metricsAddr }}
{{- fail "probes are served on metricsAddr: set it (e.g. 127.0.0.1:9630)" }}
{{- end }}
{{- $parts := splitList ":" .Values.metricsAddr }}
{{- $port := last $parts }}
{{- $host := join ":" (initial $parts) | trimPrefix "[" | trimSuffix "]" }}
{{- if has $host (list "" "0.0.0.0" "::") }}
{{- $host = "127.0.0.1" }}
{{- end }}
{{- if not (hasPrefix "$(" $host) }}
host: {{ $host | quote }}
{{- end }}
port: {{ $port | int }}
{{- end }}

{{/* The service account diktyo-nri runs as: the chart's (serviceAccount.create), or one the operator made (serviceAccount.name). */}}
{{- define "diktyo.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (printf "%s-nri" (include "diktyo.fullname" .)) .Values.serviceAccount.name }}
{{- else }}
{{- required "serviceAccount.name is required when serviceAccount.create is false" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The cleanup DaemonSet's selector, also on its pods: apart from diktyo-nri's. */}}
{{- define "diktyo.cleanupSelectorLabels" -}}
app.kubernetes.io/name: {{ include "diktyo.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: cleanup
{{- end }}

{{/* A Helm hook's annotations: dict "hook" the hooks, "weight" the order. */}}
{{- define "diktyo.hook" -}}
helm.sh/hook: {{ .hook }}
helm.sh/hook-weight: {{ .weight | quote }}
helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
{{- end }}

{{/* The ConfigMap's files: the admin config and the chain conflist. */}}
{{- define "diktyo.configFiles" -}}
{{- $files := dict
      "config.yaml" (printf "%s\n" (include "diktyo.config" . | trimSuffix "\n"))
      "chain.conflist" (printf "%s\n" (include "diktyo.chain" . | trimSuffix "\n")) }}
{{- toYaml $files }}
{{- end }}

{{/* Where a per-node pod runs: every node diktyo-nri runs on. */}}
{{- define "diktyo.nodeScheduling" -}}
{{- with .Values.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* The node's paths a per-node pod of diktyo mounts (and the operator's extraVolumes). */}}
{{- define "diktyo.nodeVolumes" -}}
- name: cni-bin
  hostPath:
    path: {{ .Values.cniBinDir }}
    type: DirectoryOrCreate
- name: netns
  hostPath:
    path: /var/run/netns
    type: DirectoryOrCreate
# Shared with kube-proxy and every other iptables user on the node.
- name: xtables-lock
  hostPath:
    path: /run/xtables.lock
    type: FileOrCreate
# ipmasq's lockFile (its default): a read-only root has no /run to
# create it in.
- name: ipmasq-lock
  hostPath:
    path: /run/diktyo-ipmasq.lock
    type: FileOrCreate
# libcni cache (chain.cacheDir), debug dumps and hosts files.
- name: state
  hostPath:
    path: /var/lib/diktyo
    type: DirectoryOrCreate
# iproute's records of the host routes and rules it made (they must
# outlive this container, and vanish with them on reboot: /run).
- name: run-state
  hostPath:
    path: /run/diktyo
    type: DirectoryOrCreate
- name: iptables-bin
  emptyDir: {}
{{- if .Values.tsig.existingSecret }}
- name: tsig
  secret:
    secretName: {{ .Values.tsig.existingSecret }}
    defaultMode: 0400
    items:
      - key: {{ .Values.tsig.key }}
        path: {{ .Values.tsig.key }}
{{- end }}
{{- with .Values.extraVolumes }}
{{- toYaml . | nindent 0 }}
{{- end }}
{{- end }}

{{/* The runtime config directory nriSetup edits (containerd) or reads (k3s, RKE2). */}}
{{- define "diktyo.runtimeConfigDir" -}}
{{- if eq .Values.nriSetup.runtime "containerd" }}/etc/containerd{{ else }}/var/lib/rancher/{{ .Values.nriSetup.runtime }}/agent/etc/containerd{{ end }}
{{- end }}

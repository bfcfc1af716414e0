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

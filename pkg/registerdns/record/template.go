package record

import "github.com/diktyo-io/diktyo/pkg/api"

// Template renders a pod's DNS name from its Kubernetes identity, e.g.
// "{name}.{namespace}.{zone}": registerDNS's nameTemplate, in the one
// template language of diktyo (api.NameTemplate), which the admin
// config's allow.dns.templates use too. Placeholders: {name},
// {namespace}, {uid} (K8S_POD_NAME, K8S_POD_NAMESPACE, K8S_POD_UID) and
// {zone} (the default zone, without its trailing dot). The rendered name
// then goes through Zones.Resolve like any requested name.
type Template = api.NameTemplate

// TemplateVars are the values a Template is rendered with.
type TemplateVars = api.TemplateVars

// ParseTemplate parses a name template; an empty text gives the zero
// Template, which renders nothing.
func ParseTemplate(text string) (Template, error) {
	return api.ParseNameTemplate(text)
}

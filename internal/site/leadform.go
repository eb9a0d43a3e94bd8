package site

// Choice is one option of a form's list: the value the API takes and
// stores, and the label people read.
type Choice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// FieldRule is what a form asks of one of its fields, with the message the
// server answers when a value breaks it. The browser checks the same rules,
// with the same messages, before sending: they reach it generated from these
// (web/src/lib/api-contracts.ts).
type FieldRule struct {
	// Required is the message of an empty value; "" for an optional field.
	Required string `json:"required,omitempty"`
	// Max is the most characters the value may have; 0 for no limit.
	Max int `json:"max,omitempty"`
	// TooLong is the message of a longer value.
	TooLong string `json:"tooLong,omitempty"`
	// Invalid is the message of a value that is none of the field's
	// choices, or not an e-mail address.
	Invalid string `json:"invalid,omitempty"`
}

// textRule is the rule of a text field named label: required or not, at
// most max characters.
func textRule(label string, required bool, max int) FieldRule {
	r := FieldRule{Max: max, TooLong: tooLongMessage(label, max)}
	if required {
		r.Required = label + " is required"
	}
	return r
}

// tooLongMessage is the message of a value of the field named label that is
// longer than max characters.
func tooLongMessage(label string, max int) string {
	return label + " must be at most " + itoa(max) + " characters."
}

// MaxEmail is the most characters of an e-mail address.
const MaxEmail = 254

// LeadFormRules are the rules of the fields a visitor types into a lead
// form, by the field's name in POST /api/contact.
type LeadFormRules struct {
	FirstName          FieldRule `json:"firstName"`
	LastName           FieldRule `json:"lastName"`
	Email              FieldRule `json:"email"`
	Company            FieldRule `json:"company"`
	JobTitle           FieldRule `json:"jobTitle"`
	AISolutionInterest FieldRule `json:"aiSolutionInterest"`
	ProjectDetails     FieldRule `json:"projectDetails"`
}

// LeadForm is what the lead forms (SPEC section 5) ask of each field;
// Lead.Validate checks it.
var LeadForm = LeadFormRules{
	FirstName: textRule("First name", true, 100),
	LastName:  textRule("Last name", true, 100),
	Email: FieldRule{Required: "Business email is required", Max: MaxEmail,
		TooLong: msgInvalidEmail, Invalid: msgInvalidEmail},
	Company:            textRule("Company name", true, 200),
	JobTitle:           FieldRule{Invalid: "Choose a job title from the list"},
	AISolutionInterest: FieldRule{Invalid: "Choose an AI solution from the list"},
	ProjectDetails:     textRule("Project details", false, MaxLongText),
}

const msgInvalidEmail = "Enter a valid email address"

// Choices of the lead forms (SPEC section 5).
var (
	// JobTitleChoices are the job titles both forms offer.
	JobTitleChoices = []Choice{
		{"ceo", "CEO / Executive"},
		{"cto", "CTO / Technology Leader"},
		{"product", "Product Manager"},
		{"marketing", "Marketing"},
		{"operations", "Operations"},
		{"other", "Other"},
	}
	// LandingInterests are the AI solution interests the contact form of
	// the home page offers.
	LandingInterests = []Choice{
		{"machine-learning", "Machine Learning"},
		{"deep-learning", "Deep Learning"},
		{"nlp", "Natural Language Processing"},
		{"computer-vision", "Computer Vision"},
		{"predictive-analytics", "Predictive Analytics"},
		{"ai-automation", "AI-Powered Automation"},
		{"consulting", "AI Strategy & Consulting"},
	}
	// JourneyInterests are those the consultation form of /ai-journey
	// offers.
	JourneyInterests = []Choice{
		{"predictive-analytics", "Predictive Analytics"},
		{"process-automation", "Process Automation"},
		{"customer-intelligence", "Customer Intelligence"},
		{"document-processing", "Document Processing"},
		{"machine-learning", "Machine Learning"},
		{"nlp", "Natural Language Processing"},
		{"computer-vision", "Computer Vision"},
		{"consulting", "AI Strategy & Consulting"},
	}
	// InterestChoices are the interests a lead may have: those of either
	// form, the home page's first.
	InterestChoices = unionChoices(LandingInterests, JourneyInterests)

	// JobTitles and AIInterests are the values a lead's jobTitle and
	// aiSolutionInterest may take (or "").
	JobTitles   = choiceValues(JobTitleChoices)
	AIInterests = choiceValues(InterestChoices)
)

// unionChoices is every choice of the lists, each value once, in the order
// they come.
func unionChoices(lists ...[]Choice) []Choice {
	var out []Choice
	seen := map[string]bool{}
	for _, l := range lists {
		for _, c := range l {
			if !seen[c.Value] {
				seen[c.Value] = true
				out = append(out, c)
			}
		}
	}
	return out
}

func choiceValues(cs []Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Value
	}
	return out
}

// ChoiceLabel is the label of value among choices, "" when it is none of
// them.
func ChoiceLabel(choices []Choice, value string) string {
	for _, c := range choices {
		if c.Value == value {
			return c.Label
		}
	}
	return ""
}

// Labelled fills the labels of the lead's job title and interest from the
// lead forms' choices.
func (l *Lead) Labelled() *Lead {
	l.JobTitleLabel = ChoiceLabel(JobTitleChoices, l.JobTitle)
	l.AISolutionInterestLabel = ChoiceLabel(InterestChoices, l.AISolutionInterest)
	return l
}

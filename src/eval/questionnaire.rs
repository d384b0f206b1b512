//! Vendor questionnaires: every unknown of a provider becomes the rule's question
//! with the facts to fill in. The vendor fills `value` (and ideally `source`),
//! sets `answered_on`, and the answered file merges into the profile as
//! self-declared facts dated `answered_on` (`cloudvet assess --answers FILE`).

use crate::diag::EvalCode;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ProviderAssessment;
use crate::diag::Diagnostic;
use crate::model::common::{Date, UNKNOWN};
use crate::model::provider::ProviderProfile;
use crate::model::rule_pack::{Severity, Text};

pub const QUESTIONNAIRE_KIND: &str = "questionnaire";

/// A questionnaire for one provider (also the answered file).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet vendor questionnaire")]
pub struct Questionnaire {
    /// Always `questionnaire`.
    pub kind: String,
    pub schema_version: u32,
    /// Provider id the answers belong to.
    pub provider: String,
    /// Evaluation date of the assessment that raised the questions.
    pub raised_on: Date,
    /// Who answered (name, role, company).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered_by: Option<String>,
    /// Date of the answers; required before the file can be merged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered_on: Option<Date>,
    pub questions: Vec<Question>,
}

/// One question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub rule: String,
    pub severity: Severity,
    pub question: Text,
    /// Why it is asked (what the assessment found).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finding: Option<Text>,
    pub answers: Vec<Answer>,
}

/// A fact to fill in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// JSON pointer into the provider profile.
    pub fact: String,
    /// The answer; leave `unknown` when you cannot answer. For a list (e.g.
    /// `/certifications`) give one new entry as a mapping.
    #[serde(default = "unknown_value")]
    pub value: Value,
    /// Address of a document that shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn unknown_value() -> Value {
    Value::String(UNKNOWN.into())
}

/// Builds the questionnaire for an assessed provider.
pub fn build(a: &ProviderAssessment, raised_on: Date) -> Questionnaire {
    Questionnaire {
        kind: QUESTIONNAIRE_KIND.into(),
        schema_version: 1,
        provider: a.id.clone(),
        raised_on,
        answered_by: None,
        answered_on: None,
        questions: a
            .open_questions
            .iter()
            .map(|q| Question {
                rule: q.rule.clone(),
                severity: q.severity,
                question: q.question.clone(),
                finding: Some(q.reason.clone()),
                answers: q
                    .facts
                    .iter()
                    .map(|f| Answer {
                        fact: f.clone(),
                        value: unknown_value(),
                        source: None,
                        note: None,
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The YAML file to send, with a header that says how to fill it.
pub fn to_yaml(q: &Questionnaire) -> String {
    let mut s = String::new();
    s.push_str("# cloudvet vendor questionnaire / Fragebogen an den Anbieter\n");
    s.push_str(
        "# Fill in `value` for each fact (true/false, a number, a text, a date YYYY-MM-DD),\n",
    );
    s.push_str("# add `source` (address of the document that shows it), set `answered_by` and\n");
    s.push_str(
        "# `answered_on`, and send the file back. Leave `unknown` where you cannot answer.\n",
    );
    s.push_str(
        "# Bitte `value` je Angabe ausfüllen, `source` (Fundstelle) ergänzen, `answered_by`\n",
    );
    s.push_str(
        "# und `answered_on` setzen. Wo keine Antwort möglich ist, `unknown` stehen lassen.\n",
    );
    s.push_str(&serde_yaml::to_string(q).unwrap_or_default());
    s
}

/// Merges an answered questionnaire into a profile: each answered fact becomes
/// `{value, source, as_of: answered_on, status: self_declared}`; an answer for a
/// list adds one entry. The result must still be a valid profile.
pub fn merge_answers(
    profile: &ProviderProfile,
    q: &Questionnaire,
    file: &str,
) -> Result<ProviderProfile, Vec<Diagnostic>> {
    // A questionnaire with nothing filled in changes nothing (one sent out and not yet
    // answered may sit in the folder of answers).
    let filled = q
        .questions
        .iter()
        .flat_map(|x| &x.answers)
        .any(|a| a.value != unknown_value() && !a.value.is_null());
    if !filled {
        return Ok(profile.clone());
    }
    let Some(date) = q.answered_on else {
        return Err(vec![Diagnostic::error_t(
            EvalCode::QuestionnaireNotDated,
            "eval_questionnaire_not_dated",
            &[],
        )
        .in_file(file.to_string())
        .pointer("/answered_on")
        .help_t("eval_questionnaire_not_dated_help", &[])]);
    };
    let mut doc = match serde_json::to_value(profile) {
        Ok(v) => v,
        Err(e) => {
            return Err(vec![Diagnostic::error(
                EvalCode::AnswerDoesNotFit,
                e.to_string(),
            )]);
        }
    };
    let mut errors = Vec::new();
    for (qi, question) in q.questions.iter().enumerate() {
        for (ai, a) in question.answers.iter().enumerate() {
            if a.value == unknown_value() || a.value.is_null() {
                continue;
            }
            let at = format!("/questions/{qi}/answers/{ai}");
            let ptr = match super::pointer::JsonPtr::parse(&a.fact) {
                Ok(p) => p,
                Err(e) => {
                    errors.push(
                        Diagnostic::error(EvalCode::InvalidPointer, e)
                            .in_file(file.to_string())
                            .pointer(format!("{at}/fact")),
                    );
                    continue;
                }
            };
            // Try the fact form first, then the plain value (for non-fact fields),
            // then a list entry.
            let mut fact = serde_json::Map::new();
            fact.insert("value".into(), a.value.clone());
            if let Some(s) = &a.source {
                fact.insert("source".into(), Value::String(s.clone()));
            }
            fact.insert("as_of".into(), Value::String(date.to_string()));
            fact.insert("status".into(), Value::String("self_declared".into()));
            if let Some(n) = &a.note {
                fact.insert("note".into(), Value::String(n.clone()));
            }
            let mut entry = a.value.clone();
            if let Value::Object(m) = &mut entry {
                m.entry("as_of").or_insert(Value::String(date.to_string()));
                m.entry("status")
                    .or_insert(Value::String("self_declared".into()));
                if let Some(s) = &a.source {
                    m.entry("source").or_insert(Value::String(s.clone()));
                }
            }
            let mut done = false;
            let mut last_err = crate::diag::Arg::Text(String::new());
            for candidate in [Value::Object(fact), a.value.clone()] {
                let mut trial = doc.clone();
                if !set(&mut trial, &ptr.segments, candidate, false) {
                    continue;
                }
                match serde_json::from_value::<ProviderProfile>(trial.clone()) {
                    Ok(_) => {
                        doc = trial;
                        done = true;
                        break;
                    }
                    Err(e) => last_err = crate::diag::Arg::Text(e.to_string()),
                }
            }
            if !done {
                let mut trial = doc.clone();
                if set(&mut trial, &ptr.segments, entry, true) {
                    match serde_json::from_value::<ProviderProfile>(trial.clone()) {
                        Ok(_) => {
                            doc = trial;
                            done = true;
                        }
                        Err(e) => last_err = crate::diag::Arg::Text(e.to_string()),
                    }
                }
            }
            if !done {
                // The provider schema says what the fact expects; serde's own message
                // ("did not match any variant of untagged enum …") does not.
                let mut fact = serde_json::Map::new();
                fact.insert("value".into(), a.value.clone());
                let mut trial = doc.clone();
                if set(&mut trial, &ptr.segments, Value::Object(fact), false) {
                    let index = crate::load::PositionIndex::default();
                    let found = crate::load::schema_check::check(
                        crate::load::DocumentKind::Provider,
                        &trial,
                        file,
                        &index,
                    );
                    if let Some(d) = found
                        .iter()
                        .find(|d| d.pointer.as_deref().is_some_and(|p| p.starts_with(&a.fact)))
                    {
                        // The schema step's words, in the reader's language.
                        let why = |l| match d.expected_in(l) {
                            Some(e) => crate::i18n::fill(
                                l,
                                "eval_answer_expected",
                                &[("why", &d.message_in(l)), ("expected", &e)],
                            ),
                            None => d.message_in(l),
                        };
                        last_err = crate::diag::Arg::Lang {
                            en: why(crate::i18n::Lang::En),
                            de: why(crate::i18n::Lang::De),
                        };
                    }
                }
                errors.push(
                    Diagnostic::error_m(
                        EvalCode::AnswerDoesNotFit,
                        crate::diag::Msg::new("eval_answer_does_not_fit", &[("fact", &a.fact)])
                            .with("why", last_err),
                    )
                    .in_file(file.to_string())
                    .pointer(format!("{at}/value"))
                    .help_t("eval_answer_does_not_fit_help", &[]),
                );
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    serde_json::from_value(doc).map_err(|e| {
        vec![Diagnostic::error(EvalCode::AnswerDoesNotFit, e.to_string()).in_file(file.to_string())]
    })
}

/// Sets `value` at `segs`, creating objects on the way; with `append`, the target
/// must be a list and the value is added to it.
fn set(doc: &mut Value, segs: &[String], value: Value, append: bool) -> bool {
    let Some((last, path)) = segs.split_last() else {
        return false;
    };
    let mut node = doc;
    for s in path {
        node = match node {
            Value::Object(m) => m
                .entry(s.clone())
                .or_insert_with(|| Value::Object(Default::default())),
            Value::Array(a) => match s.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    match node {
        Value::Object(m) => {
            if append {
                match m
                    .entry(last.clone())
                    .or_insert_with(|| Value::Array(Vec::new()))
                {
                    Value::Array(a) => {
                        a.push(value);
                        true
                    }
                    _ => false,
                }
            } else {
                m.insert(last.clone(), value);
                true
            }
        }
        Value::Array(a) if !append => match last.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        },
        _ => false,
    }
}

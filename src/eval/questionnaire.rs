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

/// The decisive questions, in the order to ask them: when a provider leads but
/// cannot be recommended yet, the questions the recommendation says to ask
/// first (the leader's open must-haves, then the challengers' questions that
/// can change the leader on their own); otherwise every question whose answer
/// can change who ranks first, most valuable first. As (provider, rule).
pub fn decisive(a: &super::Assessment) -> Vec<(String, String)> {
    match &a.recommendation {
        super::decision::Recommendation::Leads { ask, .. } if !ask.is_empty() => ask
            .iter()
            .map(|x| (x.provider.clone(), x.rule.clone()))
            .collect(),
        _ => a
            .decision
            .decisive_questions
            .iter()
            .map(|d| (d.provider.clone(), d.rule.clone()))
            .collect(),
    }
}

/// Only the decisive questions ([`decisive`]) of this questionnaire's provider,
/// in the order to ask them.
pub fn decisive_only(q: &mut Questionnaire, decisive: &[(String, String)]) {
    let rank = |rule: &str| {
        decisive
            .iter()
            .position(|(p, r)| *p == q.provider && r == rule)
    };
    q.questions.retain(|x| rank(&x.rule).is_some());
    q.questions
        .sort_by_key(|x| rank(&x.rule).unwrap_or(usize::MAX));
}

/// One question as people read it: the subject it concerns, the reason in one
/// line with its legal basis, and what to answer in which form.
#[derive(Debug, Clone, PartialEq)]
pub struct QuestionView {
    pub rule: String,
    /// The rule's title.
    pub title: String,
    /// The list item every fact of the question concerns (a certificate, a
    /// sub-processor, a transfer, an offer), if they concern one.
    pub subject: Option<String>,
    /// "must-have", "major", … in words.
    pub severity: String,
    /// The answer can change who ranks first.
    pub decisive: bool,
    pub question: String,
    /// What the assessment found, in one line.
    pub why: String,
    /// The rule's legal basis in the reader's convention.
    pub legal_basis: String,
    pub answers: Vec<AnswerView>,
}

/// One fact to state.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerView {
    /// `1a`, `1b` …: the same mark beside the fact in the YAML file.
    pub mark: String,
    /// The fact in words, with the item it belongs to.
    pub label: String,
    /// The form of the answer ("yes or no", "a number", "one of: …").
    pub form: String,
}

/// The questions of `q` as people read them, in `lang`. `doc` is the provider's
/// profile (as the rules read it: `eval::profile_json`), for the names of list
/// items; `a` gives the rule titles and legal bases, and which questions decide.
pub fn view(
    q: &Questionnaire,
    a: &super::Assessment,
    doc: &Value,
    lang: crate::i18n::Lang,
) -> Vec<QuestionView> {
    use crate::i18n::t;
    let asked_first = decisive(a);
    q.questions
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let rule = a.rules.iter().find(|r| r.id == x.rule);
            let answers: Vec<AnswerView> = x
                .answers
                .iter()
                .enumerate()
                .map(|(j, ans)| AnswerView {
                    mark: answer_mark(i, j),
                    label: super::why::subject(lang, &ans.fact, doc),
                    form: answer_form(lang, &ans.fact),
                })
                .collect();
            let items: Vec<Option<String>> = x
                .answers
                .iter()
                .map(|ans| item_of(lang, &ans.fact, doc))
                .collect();
            let subject = match items.first() {
                Some(Some(first)) if items.iter().all(|it| it.as_ref() == Some(first)) => {
                    Some(first.clone())
                }
                _ => None,
            };
            QuestionView {
                rule: x.rule.clone(),
                title: rule
                    .map(|r| r.title.get_in(lang).to_string())
                    .unwrap_or_else(|| x.rule.clone()),
                subject,
                severity: t(lang, &format!("q_severity_{}", x.severity.key())).to_string(),
                decisive: asked_first
                    .iter()
                    .any(|(p, r)| *p == q.provider && *r == x.rule),
                question: x.question.get_in(lang).trim().to_string(),
                why: x
                    .finding
                    .as_ref()
                    .map(|f| f.get_in(lang).trim().to_string())
                    .unwrap_or_default(),
                legal_basis: rule
                    .map(|r| r.citations_in(lang).join("; "))
                    .unwrap_or_default(),
                answers,
            }
        })
        .collect()
}

/// `1a`, `1b`, … `1z`, `1aa` …
fn answer_mark(question: usize, answer: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    let mut n = answer;
    let mut tail = String::new();
    loop {
        tail.insert(0, letters[n % 26] as char);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    format!("{}{tail}", question + 1)
}

/// The name of the list item a fact belongs to, if it belongs to one.
fn item_of(lang: crate::i18n::Lang, ptr: &str, doc: &Value) -> Option<String> {
    let segs: Vec<&str> = ptr.split('/').skip(1).collect();
    let at = segs
        .iter()
        .rposition(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))?;
    let item_ptr = format!("/{}", segs[..=at].join("/"));
    Some(super::why::subject(lang, &item_ptr, doc))
}

/// What form the answer to a fact takes, from the provider schema: "yes or no",
/// "a number", "a date (YYYY-MM-DD)", "one of: `specific` (specific
/// authorisation), `general` (general authorisation)", "one new entry with …".
pub fn answer_form(lang: crate::i18n::Lang, ptr: &str) -> String {
    use crate::i18n::{fill, t, value_label};
    static SCHEMA: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    let root = SCHEMA.get_or_init(|| {
        crate::embedded::file("schemas/provider.schema.json")
            .and_then(|b| serde_json::from_slice(b).ok())
            .unwrap_or(Value::Null)
    });
    let resolve = |mut n: &'static Value| -> &'static Value {
        for _ in 0..8 {
            match n.get("$ref").and_then(Value::as_str) {
                Some(r) => n = &root["$defs"][r.rsplit('/').next().unwrap_or("")],
                None => break,
            }
        }
        n
    };
    // Steps through properties and list items, into the branches of `anyOf`.
    fn step<'v>(
        n: &'v Value,
        seg: &str,
        resolve: &dyn Fn(&'v Value) -> &'v Value,
    ) -> Option<&'v Value> {
        let n = resolve(n);
        let here = if seg.bytes().all(|b| b.is_ascii_digit()) {
            n.get("items")
        } else {
            n.get("properties").and_then(|p| p.get(seg))
        };
        here.or_else(|| {
            n.get("anyOf")
                .and_then(Value::as_array)
                .and_then(|bs| bs.iter().find_map(|b| step(b, seg, resolve)))
        })
    }
    let mut node: &'static Value = root;
    for seg in ptr.split('/').skip(1) {
        match step(node, seg, &resolve) {
            Some(n) => node = n,
            None => return t(lang, "q_form_text").to_string(),
        }
    }
    let field = ptr.rsplit('/').next().unwrap_or("");
    // A fact: its plain value is the branch that is neither `unknown` nor a mapping.
    let mut value = resolve(node);
    if let Some(bs) = value.get("anyOf").and_then(Value::as_array) {
        if let Some(plain) = bs.iter().find(|b| {
            b.get("const").is_none() && b.get("type").and_then(Value::as_str) != Some("null") && {
                let r = resolve(b);
                r.get("type").and_then(Value::as_str) != Some("object")
                    || r.get("properties").and_then(|p| p.get("value")).is_none()
            }
        }) {
            value = resolve(plain);
        }
    }
    let mut tokens: Vec<String> = Vec::new();
    let branches = value
        .get("oneOf")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_else(|| vec![value.clone()]);
    for b in &branches {
        if let Some(c) = b.get("const").and_then(Value::as_str) {
            tokens.push(c.to_string());
        }
        if let Some(vs) = b.get("enum").and_then(Value::as_array) {
            tokens.extend(vs.iter().filter_map(Value::as_str).map(str::to_string));
        }
    }
    if !tokens.is_empty() {
        let choices: Vec<String> = tokens
            .iter()
            .map(|k| match value_label(lang, k) {
                w if w == k.as_str() => format!("`{k}`"),
                w => format!("`{k}` ({w})"),
            })
            .collect();
        return fill(lang, "q_form_one_of", &[("choices", &choices.join(", "))]);
    }
    let kind = value.get("type").and_then(Value::as_str).unwrap_or("");
    let is_date = value
        .get("description")
        .and_then(Value::as_str)
        .is_some_and(|d| d.contains("YYYY"))
        || node
            .get("$ref")
            .and_then(Value::as_str)
            .is_some_and(|r| r.ends_with("Date") || r.ends_with("AsOf"))
        || field.ends_with("_until")
        || field.ends_with("_from")
        || field.ends_with("_date")
        || field == "period_end";
    match kind {
        "boolean" => t(lang, "q_form_yes_no").to_string(),
        "integer" | "number" => t(lang, "q_form_number").to_string(),
        "array" => {
            let item = resolve(value.get("items").unwrap_or(&Value::Null));
            match item.get("required").and_then(Value::as_array) {
                Some(req) => {
                    // The required fields, then those a reader checks first.
                    let props = item.get("properties");
                    let mut fields: Vec<&str> = req.iter().filter_map(Value::as_str).collect();
                    for f in [
                        "issuer",
                        "valid_until",
                        "period_end",
                        "scope",
                        "evidence_url",
                        "country",
                        "function",
                        "tool",
                        "register_url",
                    ] {
                        if props.and_then(|p| p.get(f)).is_some() && !fields.contains(&f) {
                            fields.push(f);
                        }
                    }
                    let fields: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
                    fill(lang, "q_form_entry", &[("fields", &fields.join(", "))])
                }
                None => t(lang, "q_form_list").to_string(),
            }
        }
        _ if is_date => t(lang, "q_form_date").to_string(),
        _ if field.ends_with("url") => t(lang, "q_form_url").to_string(),
        _ => t(lang, "q_form_text").to_string(),
    }
}

/// The YAML file to send: a header in the reader's language that says how to
/// fill it, and beside every question and fact a comment with its words (the
/// rule's title and legal basis; the fact's label and the form of the answer).
/// The keys stay as they are, so the answered file loads as it did.
pub fn to_yaml(q: &Questionnaire, views: &[QuestionView], lang: crate::i18n::Lang) -> String {
    use crate::i18n::t;
    let mut s = String::new();
    for key in [
        "q_yaml_title",
        "q_yaml_fill",
        "q_yaml_source",
        "q_yaml_unknown",
        "q_yaml_keys",
    ] {
        s.push_str("# ");
        s.push_str(t(lang, key));
        s.push('\n');
    }
    let body = serde_yaml::to_string(q).unwrap_or_default();
    // The comments go beside the lines serde_yaml writes for `rule:` and `fact:`,
    // in the order of the questions and answers; if the count does not match (it
    // always does), the file goes out without them rather than with wrong ones.
    let rules: Vec<String> = views
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut c = format!("{}. {}", i + 1, v.title);
            if !v.legal_basis.is_empty() {
                c.push_str(&format!(" ({})", v.legal_basis));
            }
            c
        })
        .collect();
    let facts: Vec<String> = views
        .iter()
        .flat_map(|v| v.answers.iter())
        .map(|a| format!("{} {} — {}", a.mark, a.label, a.form))
        .collect();
    let is = |line: &str, key: &str| {
        let l = line.trim_start();
        l.strip_prefix("- ").unwrap_or(l).starts_with(key)
    };
    let rule_lines = body.lines().filter(|l| is(l, "rule: ")).count();
    let fact_lines = body.lines().filter(|l| is(l, "fact: ")).count();
    if rule_lines != rules.len() || fact_lines != facts.len() {
        s.push_str(&body);
        return s;
    }
    let (mut r, mut f) = (rules.iter(), facts.iter());
    for line in body.lines() {
        s.push_str(line);
        let comment = if is(line, "rule: ") {
            r.next()
        } else if is(line, "fact: ") {
            f.next()
        } else {
            None
        };
        if let Some(c) = comment {
            s.push_str("  # ");
            s.push_str(&c.replace(['\n', '\r'], " "));
        }
        s.push('\n');
    }
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

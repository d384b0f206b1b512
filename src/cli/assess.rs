//! `cloudvet assess`: rank providers against the requirements with the rule packs.
//! Without arguments: the embedded catalogue, the shipped packs and the example
//! requirements. Output: a human summary (default), JSON (`--format json`, the full
//! `eval::Assessment`) or CSV (one row per provider). `--fail-on` turns a result
//! into exit code 1.

use crate::diag::EvalCode;
use std::fmt::Write;
use std::path::PathBuf;

use clap::ValueEnum;

use super::{Global, Lang, Status};
use crate::diag::Diagnostic;
use crate::eval::{self, inputs, Assessment, Outcome};
use crate::model::common::Date;
use crate::model::rule_pack::Severity;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
    Csv,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Exit 1 when no provider passes every knock-out.
    NoEligible,
    /// Exit 1 when any assessed provider fails a knock-out.
    Knockout,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Provider profile files or folders (default: the embedded catalogue).
    #[arg(long, num_args = 1..)]
    pub providers: Vec<PathBuf>,
    /// Requirements file (default: the embedded example, docs/examples/requirements.yaml).
    #[arg(long)]
    pub requirements: Option<PathBuf>,
    /// Folder (or file) of rule packs; a pack replaces the shipped pack with the same id.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Evaluation date YYYY-MM-DD (default: the requirements' evaluation_date, else today).
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<String>,
    /// Answered vendor questionnaires to merge as self-declared facts.
    #[arg(long, num_args = 1..)]
    pub answers: Vec<PathBuf>,
    /// DPA review files or folders (`cloudvet dpa scan`, completed by the DPO): decided
    /// verdicts replace the provider's DPA facts as verified facts (docs/dpa-scan.md).
    #[arg(long, num_args = 1..)]
    pub reviews: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Exit with 1 when this gate trips.
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
}

/// Prints diagnostics to stderr.
pub(crate) fn report_diagnostics(d: &[Diagnostic]) {
    for x in d {
        errln!("{x}");
    }
}

/// The evaluation date: `--as-of`, else the requirements', else today (UTC; or the
/// date of SOURCE_DATE_EPOCH when set, for reproducible builds).
pub(crate) fn evaluation_date(arg: Option<&str>, req: Option<Date>) -> Result<Date, Diagnostic> {
    if let Some(s) = arg {
        return s.parse::<Date>().map_err(|e| {
            Diagnostic::error(EvalCode::InvalidDate, format!("--as-of: {e}"))
                .expected("YYYY-MM-DD")
                .help("give a real calendar date, e.g. --as-of 2026-11-30")
        });
    }
    if let Some(d) = req {
        return Ok(d);
    }
    if let Ok(epoch) = std::env::var("SOURCE_DATE_EPOCH") {
        let secs: i64 = epoch.trim().parse().map_err(|_| {
            Diagnostic::error(
                EvalCode::InvalidDate,
                "SOURCE_DATE_EPOCH is not a number of seconds",
            )
        })?;
        return chrono::DateTime::from_timestamp(secs, 0)
            .map(|t| Date(t.date_naive()))
            .ok_or_else(|| {
                Diagnostic::error(EvalCode::InvalidDate, "SOURCE_DATE_EPOCH is out of range")
                    .help("unset SOURCE_DATE_EPOCH or give seconds since 1970")
            });
    }
    Ok(Date(chrono::Utc::now().date_naive()))
}

/// Loads everything and assesses; the shared first half of `assess` and `questionnaire`.
/// Warnings are printed to stderr.
pub(crate) fn run_assessment(
    providers: &[PathBuf],
    requirements: Option<&std::path::Path>,
    rules: Option<&std::path::Path>,
    as_of: Option<&str>,
    answers: &[PathBuf],
) -> Result<Assessment, Vec<Diagnostic>> {
    run_assessment_with_reviews(providers, requirements, rules, as_of, answers, &[])
}

/// `run_assessment` with DPA reviews applied to the profiles before evaluating; a
/// note per applied review goes to stderr.
pub(crate) fn run_assessment_with_reviews(
    providers: &[PathBuf],
    requirements: Option<&std::path::Path>,
    rules: Option<&std::path::Path>,
    as_of: Option<&str>,
    answers: &[PathBuf],
    reviews: &[PathBuf],
) -> Result<Assessment, Vec<Diagnostic>> {
    let inputs = inputs::load(providers, requirements, answers)?;
    report_diagnostics(&inputs.warnings);
    let req = &inputs.requirements;
    let date = evaluation_date(as_of, req.value.evaluation_date).map_err(|d| vec![d])?;
    let packs = eval::packs::shipped_with(rules)?;
    let mut profiles: Vec<_> = inputs.providers.into_iter().map(|l| l.value).collect();
    if !reviews.is_empty() {
        let (loaded, mut diags) = crate::load::load_reviews(reviews);
        let (applied, d) = crate::dpa::apply_reviews(&mut profiles, &loaded);
        diags.extend(d);
        if diags.iter().any(Diagnostic::is_error) {
            return Err(diags.into_iter().filter(Diagnostic::is_error).collect());
        }
        report_diagnostics(&diags);
        for r in &applied {
            errln!(
                "note: DPA review {} ({}) applied to `{}`: {} fact(s) now verified from the review",
                r.review_file,
                r.signed_off_on
                    .as_deref()
                    .map(|d| format!("signed off {d}"))
                    .unwrap_or_else(|| "not signed off".into()),
                r.provider,
                r.facts.len()
            );
        }
    }
    eval::assess(&profiles, &packs, &req.value, date).map_err(|ds| {
        ds.into_iter()
            .map(|d| {
                if d.file.is_none() && d.pointer.is_some() {
                    d.in_file(req.file.display.clone())
                } else {
                    d
                }
            })
            .collect()
    })
}

pub fn run(args: &Args, global: &Global) -> Status {
    let a = match run_assessment_with_reviews(
        &args.providers,
        args.requirements.as_deref(),
        args.rules.as_deref(),
        args.as_of.as_deref(),
        &args.answers,
        &args.reviews,
    ) {
        Ok(a) => a,
        Err(d) => {
            report_diagnostics(&d);
            return Status::BadInput;
        }
    };
    let de = global.lang == Lang::De;
    let out = match args.format {
        Format::Json => match serde_json::to_string_pretty(&a) {
            Ok(s) => s + "\n",
            Err(e) => {
                errln!("error: cannot write JSON: {e}");
                return Status::BadInput;
            }
        },
        Format::Csv => csv(&a),
        Format::Human => human(&a, de),
    };
    out!("{out}");
    let tripped = match args.fail_on {
        Some(FailOn::NoEligible) => a.eligible().next().is_none(),
        Some(FailOn::Knockout) => a.providers.iter().any(|p| !p.knockouts_failed.is_empty()),
        None => false,
    };
    if tripped {
        errln!(
            "{}",
            if de {
                "Prüftor ausgelöst (--fail-on)"
            } else {
                "gate tripped (--fail-on)"
            }
        );
        Status::GateFailed
    } else {
        Status::Ok
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One row per provider, in ranking order.
pub fn csv(a: &Assessment) -> String {
    let mut s = String::new();
    let areas: Vec<_> = a
        .area_weights
        .iter()
        .filter(|w| w.share_pct > 0.0)
        .map(|w| w.area)
        .collect();
    s.push_str("rank,id,name,eligible,total,total_if_unknowns_pass,confidence_pct,knockouts_failed,open_must_haves,open_questions");
    for ar in &areas {
        let _ = write!(s, ",{}", ar.key());
    }
    s.push('\n');
    for p in &a.providers {
        let _ = write!(
            s,
            "{},{},{},{},{},{},{},{},{},{}",
            p.rank.map(|r| r.to_string()).unwrap_or_default(),
            csv_field(&p.id),
            csv_field(&p.name),
            p.eligible,
            p.total,
            p.total_if_unknowns_pass,
            p.confidence_pct,
            csv_field(&p.knockouts_failed.join(" ")),
            csv_field(&p.open_must_haves.join(" ")),
            p.open_questions.len()
        );
        for ar in &areas {
            let v = p
                .areas
                .iter()
                .find(|x| x.area == *ar)
                .map(|x| x.score.to_string())
                .unwrap_or_default();
            let _ = write!(s, ",{v}");
        }
        s.push('\n');
    }
    s
}

fn pad(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n > w {
        let mut t: String = s.chars().take(w.saturating_sub(1)).collect();
        t.push('…');
        t
    } else {
        format!("{s}{}", " ".repeat(w - n))
    }
}

/// The human summary.
pub fn human(a: &Assessment, de: bool) -> String {
    let mut s = String::new();
    let applied = a.rules.len();
    if de {
        let _ = writeln!(s, "cloudvet assess — {}", a.requirements_title);
        let _ = writeln!(
            s,
            "Stichtag {} · {applied} Regeln aus {} Paketen angewandt · Nachweise höchstens {} Monate alt\n",
            a.evaluation_date,
            a.packs.len(),
            a.max_evidence_age_months
        );
    } else {
        let _ = writeln!(s, "cloudvet assess — {}", a.requirements_title);
        let _ = writeln!(
            s,
            "evaluation date {} · {applied} rules applied from {} packs · evidence at most {} months old\n",
            a.evaluation_date,
            a.packs.len(),
            a.max_evidence_age_months
        );
    }
    let head = if de {
        [
            "Rang",
            "Anbieter",
            "Gesamt",
            "max.",
            "Konfidenz",
            "offene K.o.",
            "Fragen",
        ]
    } else {
        [
            "Rank",
            "Provider",
            "Total",
            "max",
            "Confidence",
            "Open KO",
            "Questions",
        ]
    };
    let _ = writeln!(
        s,
        "{} {} {:>6} {:>6} {:>10} {:>11} {:>9}",
        pad(head[0], 4),
        pad(head[1], 28),
        head[2],
        head[3],
        head[4],
        head[5],
        head[6]
    );
    for p in a.providers.iter().filter(|p| p.eligible) {
        let _ = writeln!(
            s,
            "{} {} {:>6.1} {:>6.1} {:>9.0}% {:>11} {:>9}",
            pad(&p.rank.map(|r| r.to_string()).unwrap_or_default(), 4),
            pad(&p.name, 28),
            p.total,
            p.total_if_unknowns_pass,
            p.confidence_pct,
            p.open_must_haves.len(),
            p.open_questions.len()
        );
    }
    let excluded: Vec<_> = a.providers.iter().filter(|p| !p.eligible).collect();
    if !excluded.is_empty() {
        let _ = writeln!(
            s,
            "\n{}",
            if de {
                "Ausgeschlossen (K.-o.-Kriterium nicht erfüllt):"
            } else {
                "Excluded (failed knock-out):"
            }
        );
        for p in excluded {
            let _ = writeln!(s, "  {} — {}", p.name, p.knockouts_failed.join(", "));
        }
    }
    let _ = writeln!(s, "\n{}", a.robustness.summary.get(de));
    for r in &a.robustness.providers {
        let _ = writeln!(
            s,
            "  {}: {} {}%, {} {}%",
            r.id,
            if de { "Platz 1 in" } else { "first in" },
            r.first_pct,
            if de {
                "unter den ersten 3 in"
            } else {
                "top 3 in"
            },
            r.top3_pct
        );
    }
    for w in &a.waivers {
        if w.status == "expired" {
            let _ = writeln!(
                s,
                "\n{} {} / {}: {} {}",
                if de {
                    "Ausnahme abgelaufen:"
                } else {
                    "Waiver expired:"
                },
                w.rule,
                w.provider,
                if de {
                    "gilt nicht mehr seit"
                } else {
                    "no longer applies since"
                },
                w.expires
            );
        }
    }
    for p in &a.providers {
        let _ = writeln!(s, "\n== {} ({}) ==", p.name, p.id);
        if p.example_data {
            let _ = writeln!(
                s,
                "{}",
                if de {
                    "Beispieldaten aus öffentlichen Quellen, vor Verwendung prüfen."
                } else {
                    "Example data from public sources; verify before use."
                }
            );
        }
        let areas: Vec<String> = p
            .areas
            .iter()
            .map(|x| format!("{} {:.0}", x.area.key(), x.score))
            .collect();
        let _ = writeln!(s, "{}", areas.join(" · "));
        // Failures and open knock-outs in full; other unknowns are counted (they are
        // the vendor questions: `cloudvet questionnaire`, or `--format json`).
        for r in p.results.iter().filter(|r| {
            r.outcome == Outcome::Fail
                || (r.outcome == Outcome::Unknown && r.severity == Severity::Knockout)
        }) {
            let tag = match (r.outcome, r.severity) {
                (Outcome::Fail, Severity::Knockout) => {
                    if de {
                        "K.O. NICHT ERFÜLLT"
                    } else {
                        "KNOCK-OUT FAIL"
                    }
                }
                (Outcome::Unknown, Severity::Knockout) => {
                    if de {
                        "K.O. OFFEN"
                    } else {
                        "KNOCK-OUT OPEN"
                    }
                }
                (Outcome::Fail, _) => {
                    if de {
                        "nicht erfüllt"
                    } else {
                        "fail"
                    }
                }
                _ => {
                    if de {
                        "offen"
                    } else {
                        "unknown"
                    }
                }
            };
            let cite = a
                .rules
                .iter()
                .find(|x| x.id == r.rule)
                .and_then(|x| x.citations.first().cloned())
                .unwrap_or_default();
            let waived = match &r.waiver {
                Some(w) if w.applied => {
                    if de {
                        " [Ausnahme]"
                    } else {
                        " [waived]"
                    }
                }
                Some(_) => {
                    if de {
                        " [Ausnahme abgelaufen]"
                    } else {
                        " [waiver expired]"
                    }
                }
                None => "",
            };
            let _ = writeln!(
                s,
                "  {:<18} {} {}{} — {} ({cite})",
                tag,
                r.rule,
                r.title.get(de),
                waived,
                r.reason.get(de)
            );
        }
        let passed = p
            .results
            .iter()
            .filter(|r| r.outcome == Outcome::Pass)
            .count();
        let other_unknown: Vec<&str> = p
            .results
            .iter()
            .filter(|r| r.outcome == Outcome::Unknown && r.severity != Severity::Knockout)
            .map(|r| r.rule.as_str())
            .collect();
        if !other_unknown.is_empty() {
            let _ = writeln!(
                s,
                "  {:<18} {}",
                if de { "weitere offen" } else { "also unknown" },
                other_unknown.join(" ")
            );
        }
        let _ = writeln!(
            s,
            "  {} {passed}/{} · {} {}",
            if de { "erfüllt:" } else { "passed:" },
            p.results.len(),
            if de {
                "Fragen an den Anbieter:"
            } else {
                "questions for the vendor:"
            },
            p.open_questions.len()
        );
        let _ = writeln!(s, "  {}", crate::eval::seal::line(&p.seal));
    }
    let _ = writeln!(
        s,
        "\n{}",
        if de {
            "Offene Punkte als Fragebogen: cloudvet questionnaire --provider ID · Regel erklären: cloudvet rules explain ID"
        } else {
            "Open points as a questionnaire: cloudvet questionnaire --provider ID · explain a rule: cloudvet rules explain ID"
        }
    );
    s
}

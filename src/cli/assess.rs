//! `cloudvet assess`: rank providers against the requirements with the rule packs.
//! Without arguments: the embedded catalogue, the shipped packs and the example
//! requirements. Output: a human summary (default), JSON (`--format json`, the full
//! `eval::Assessment`) or CSV (one row per provider). `--fail-on` turns a result
//! into exit code 1.

use std::fmt::Write;

use clap::ValueEnum;

use super::{Global, InputArgs, Lang, Status};
use crate::diag::Diagnostic;
use crate::eval::{Assessment, Outcome};
use crate::model::rule_pack::Severity;
use crate::pipeline::{self, Needs};

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
    #[command(flatten)]
    pub inputs: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Exit with 1 when this gate trips.
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
}

/// Prints diagnostics to stderr.
pub(crate) fn report_diagnostics(d: &[Diagnostic]) {
    super::print_diagnostics(d);
}

/// Loads and assesses (the first half of `assess` and `questionnaire`): warnings,
/// errors and a note per applied DPA review go to stderr.
pub(crate) fn load_and_assess(inputs: &InputArgs) -> Result<Assessment, Status> {
    let inputs = super::load_inputs(&inputs.paths(), Needs::ASSESS)?;
    for r in &inputs.applied_reviews {
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
    pipeline::assess(&inputs).map_err(|d| {
        report_diagnostics(&d);
        Status::BadInput
    })
}

pub fn run(args: &Args, global: &Global) -> Status {
    let a = match load_and_assess(&args.inputs) {
        Ok(a) => a,
        Err(status) => return status,
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

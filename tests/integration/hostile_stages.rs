//! Hostile inputs through the later stages' commands (`assess`, `cost`):
//! hostile provider and requirements files passed to them, broken workloads,
//! rule packs and benchmark tables. Each run ends in exit 2 with a diagnostic on
//! stderr, or — where the input is legal but extreme — in exit 0 with output
//! that holds no NaN or infinity. Never a panic. No timing assertions.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{root, temp_dir};

fn run(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_cloudvet"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run cloudvet")
}

/// The run ended in exit 2 with at least one `error[code]` on stderr, and did not panic.
fn assert_refused(case: &str, out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!stderr.contains("panicked"), "{case}: panicked:\n{stderr}");
    assert_eq!(
        out.status.code(),
        Some(2),
        "{case}: expected exit 2\nstderr:\n{stderr}"
    );
    assert!(
        stderr.contains("error[") || stderr.contains("\"severity\": \"error\""),
        "{case}: exit 2 without a diagnostic:\n{stderr}"
    );
    stderr
}

/// The run succeeded with JSON on stdout that holds no NaN or infinity.
fn assert_clean_json(case: &str, out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{case}: panicked:\n{stderr}");
    assert_eq!(out.status.code(), Some(0), "{case}: {stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{case}: stdout is not JSON ({e})"));
    let text = v.to_string().to_lowercase();
    for bad in ["nan", "infinity", "\"inf\""] {
        assert!(
            !text.contains(&format!(":{bad}")) && !text.contains(&format!(": {bad}")),
            "{case}: {bad} in the output"
        );
    }
}

fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

const PROVIDER_HEAD: &str = "kind: provider\nschema_version: 1\nid: acme\nname: Acme\n";

/// Hostile provider files given to `assess --providers` and `cost --providers`.
#[test]
fn hostile_providers_through_assess_and_cost() {
    let dir = temp_dir("stages-providers");
    let mut laughs = String::from(PROVIDER_HEAD);
    laughs.push_str("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..30 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        laughs.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("billion-laughs", laughs.into_bytes()),
        (
            "deep-flow",
            format!("{PROVIDER_HEAD}notes: {}{}\n", "[".repeat(50_000), "]".repeat(50_000))
                .into_bytes(),
        ),
        ("utf16", PROVIDER_HEAD.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        ("binary", b"\x7fELF\x02\x01\x01\x00\x00\x00".to_vec()),
        (
            "wide-integer",
            format!("{PROVIDER_HEAD}regions:\n  - id: fra\n    country: DE\noffers:\n  - id: o\n    region: fra\n    gpu_model: H100-SXM\n    gpus_per_instance: 18446744073709551616\n    currency: EUR\n").into_bytes(),
        ),
        (
            "offers-as-map",
            format!("{PROVIDER_HEAD}offers: {{a: 1}}\n").into_bytes(),
        ),
        (
            "fact-in-fact",
            format!("{PROVIDER_HEAD}dpa:\n  available: {{value: {{value: true}}}}\n").into_bytes(),
        ),
    ];
    for (case, bytes) in &cases {
        let p = write(&dir, "acme.yaml", bytes);
        let p = p.display().to_string();
        assert_refused(
            &format!("assess {case}"),
            &run(&["assess", "--providers", &p, "--format", "json"]),
        );
        assert_refused(
            &format!("cost {case}"),
            &run(&["cost", "--providers", &p, "--format", "json"]),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Hostile requirements given to `assess` and `cost`.
#[test]
fn hostile_requirements_through_assess_and_cost() {
    let dir = temp_dir("stages-requirements");
    let head = "kind: requirements\nschema_version: 1\ntitle: T\n";
    let cases = [
        ("rates-map", format!("{head}currency:\n  report: EUR\n  rates: {{USD: 0.9}}\n")),
        ("rate-negative", format!("{head}currency:\n  report: EUR\n  rates:\n    - from: USD\n      rate: -1\n      date: 2026-01-01\n      source: x\n")),
        ("weights-huge", format!("{head}currency:\n  report: EUR\narea_weights:\n  dpa: 1e308\n  exit: 1e308\n")),
        ("sla-over-100", format!("{head}currency:\n  report: EUR\ncommercial:\n  min_sla_pct: 250\n")),
        ("age-wide", format!("{head}currency:\n  report: EUR\nmax_evidence_age_months: 99999999999999999999\n")),
        ("waiver-empty", format!("{head}currency:\n  report: EUR\nwaivers:\n  - rule: \"\"\n    provider: \"\"\n    justification: \"\"\n    expires: 2027-01-01\n")),
        ("date-impossible", format!("{head}currency:\n  report: EUR\nevaluation_date: 2026-02-30\n")),
    ];
    for (case, text) in &cases {
        let p = write(&dir, "requirements.yaml", text.as_bytes());
        let p = p.display().to_string();
        assert_refused(
            &format!("assess {case}"),
            &run(&["assess", "--requirements", &p, "--format", "json"]),
        );
        assert_refused(
            &format!("cost {case}"),
            &run(&["cost", "--requirements", &p, "--format", "json"]),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn example_workload() -> String {
    std::fs::read_to_string(root().join("docs/examples/workload.yaml")).unwrap()
}

/// Broken and extreme workloads through `cost --workload`.
#[test]
fn hostile_workloads_through_cost() {
    let dir = temp_dir("stages-workload");
    let base = example_workload();
    let with = |from: &str, to: &str| {
        assert!(base.contains(from), "the example workload changed: {from}");
        base.replacen(from, to, 1)
    };
    let refused = [
        ("wall-zero", with("wall_seconds: 900", "wall_seconds: 0")),
        ("work-zero", with("work_done: 2400", "work_done: 0")),
        ("gpus-zero", with("gpu_count: 8", "gpu_count: 0")),
        ("epochs-zero", with("epochs: 3", "epochs: 0")),
        (
            "epochs-wide",
            with("epochs: 3", "epochs: 99999999999999999999"),
        ),
        (
            "scaling-nan",
            with("scaling_efficiency: 0.9", "scaling_efficiency: .nan"),
        ),
        (
            "scaling-huge",
            with("scaling_efficiency: 0.9", "scaling_efficiency: 1e308"),
        ),
        (
            "scaling-negative",
            with("scaling_efficiency: 0.9", "scaling_efficiency: -1"),
        ),
        ("buffer-huge", with("buffer_pct: 20", "buffer_pct: 1e308")),
        (
            "buffer-negative",
            with("buffer_pct: 20", "buffer_pct: -100"),
        ),
        (
            "hours-huge",
            with("hours_per_month: 730", "hours_per_month: 1e300"),
        ),
        ("egress-negative", with("egress_gb: 200 ", "egress_gb: -5 ")),
        (
            "checkpoint-zero",
            with(
                "checkpoint_interval_minutes: 30",
                "checkpoint_interval_minutes: 0",
            ),
        ),
        (
            "uncertainty-negative",
            with("benchmark_pct: 15", "benchmark_pct: -200"),
        ),
        (
            "benchmark-unknown",
            with("name: llama2_70b_lora", "name: no_such_benchmark"),
        ),
        ("work-as-list", with("work:\n", "work: []\nwork_was:\n")),
        (
            "throughput-text",
            with("throughput:\n", "throughput: fast\nthroughput_was:\n"),
        ),
        ("kind-wrong", with("kind: workload", "kind: provider")),
    ];
    for (case, text) in &refused {
        let p = write(&dir, "workload.yaml", text.as_bytes());
        assert_refused(
            case,
            &run(&[
                "cost",
                "--workload",
                &p.display().to_string(),
                "--format",
                "json",
            ]),
        );
    }
    // Legal but extreme: sums that overflow are reported as missing, not as inf.
    let extreme = [
        (
            "per-epoch-u64-max",
            with("per_epoch: 120000", "per_epoch: 18446744073709551615"),
        ),
        (
            "gpus-per-job-u32-max",
            with("gpus_per_job: 8", "gpus_per_job: 4294967295"),
        ),
        (
            "months-u32-max",
            with("  months: 6", "  months: 4294967295"),
        ),
        (
            "work-done-1e300",
            with("work_done: 2400", "work_done: 1e300"),
        ),
        (
            "wall-tiny",
            with("wall_seconds: 900", "wall_seconds: 0.0000001"),
        ),
        (
            "restart-1e300",
            with("restart_minutes: 10", "restart_minutes: 1e300"),
        ),
        (
            "interruptions-1e300",
            with(
                "interruptions_per_100_hours: 5",
                "interruptions_per_100_hours: 1e300",
            ),
        ),
    ];
    for (case, text) in &extreme {
        let p = write(&dir, "workload.yaml", text.as_bytes());
        assert_clean_json(
            case,
            &run(&[
                "cost",
                "--workload",
                &p.display().to_string(),
                "--format",
                "json",
            ]),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Broken rule packs through `assess --rules`.
#[test]
fn hostile_rule_packs_through_assess() {
    let dir = temp_dir("stages-rules");
    let base = std::fs::read_to_string(root().join("rules/ai_literacy.yaml")).unwrap();
    let check = "check: {exists: {fact: /ai_literacy/ai_act_role}}";
    let with = |from: &str, to: &str| {
        assert!(base.contains(from), "the shipped pack changed: {from}");
        base.replacen(from, to, 1)
    };
    let mut deep = String::from("check: ");
    for _ in 0..80 {
        deep.push_str("{not: ");
    }
    deep.push_str("{exists: {fact: /ai_literacy/ai_act_role}}");
    deep.push_str(&"}".repeat(80));
    let refused = [
        (
            "pointer-not-a-pointer",
            with(check, "check: {exists: {fact: \"not a pointer\"}}"),
        ),
        (
            "pointer-bad-escape",
            with(check, "check: {exists: {fact: \"/~2/~\"}}"),
        ),
        ("check-list", with(check, "check: []")),
        (
            "check-unknown-operator",
            with(check, "check: {frobnicate: 1}"),
        ),
        ("check-nested-80", with(check, &deep)),
        ("weight-negative", with("weight: 1\n", "weight: -1\n")),
        ("weight-huge", with("weight: 1\n", "weight: 1e308\n")),
        ("id-empty", with("id: AI-001", "id: \"\"")),
        ("id-duplicate", with("id: AI-002", "id: AI-001")),
        (
            "severity-unknown",
            with("severity: minor", "severity: catastrophic"),
        ),
        (
            "text-as-list",
            with(
                "en: The provider states its AI Act role for its services",
                "en: [a, b]",
            ),
        ),
        (
            "version-wide",
            with("schema_version: 1", "schema_version: 99999999999999999999"),
        ),
    ];
    for (case, text) in &refused {
        let p = write(&dir, "ai_literacy.yaml", text.as_bytes());
        assert_refused(
            case,
            &run(&[
                "assess",
                "--rules",
                &p.display().to_string(),
                "--format",
                "json",
            ]),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Broken benchmark tables through `cost --benchmarks`.
#[test]
fn hostile_benchmark_tables_through_cost() {
    let dir = temp_dir("stages-benchmarks");
    let training = std::fs::read_to_string(root().join("benchmarks/mlperf_training.csv")).unwrap();
    std::fs::copy(
        root().join("benchmarks/mlperf_inference.csv"),
        dir.join("mlperf_inference.csv"),
    )
    .unwrap();
    // Read and written with the `csv` crate, as cloudvet reads the tables.
    let records: Vec<Vec<String>> = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(training.as_bytes())
        .records()
        .map(|r| {
            r.expect("the shipped table parses")
                .iter()
                .map(str::to_string)
                .collect()
        })
        .collect();
    let csv_line = |fields: &[String]| {
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        w.write_record(fields).unwrap();
        String::from_utf8(w.into_inner().unwrap()).unwrap()
    };
    let header = records[0].clone();
    let col = header
        .iter()
        .position(|h| h == "time_to_train_minutes")
        .expect("time column");
    let header_line = csv_line(&header);
    let first = csv_line(&records[1]);
    let one_row = |row: &str| format!("{header_line}{row}");
    // The table with `time_to_train_minutes` set to `t` on the rows `pick` selects.
    let with_time_where = |t: &str, pick: &dyn Fn(&[String]) -> bool| {
        let mut out = header_line.clone();
        for r in &records[1..] {
            let mut r = r.clone();
            if pick(&r) {
                r[col] = t.to_string();
            }
            out.push_str(&csv_line(&r));
        }
        out
    };
    let with_time = |t: &str| {
        let mut r = records[1].clone();
        r[col] = t.to_string();
        one_row(&csv_line(&r))
    };
    let refused = [
        ("empty", String::new()),
        ("header-only", header_line.clone()),
        (
            "missing-columns",
            "row_id,gpu_model\nT1,H100-SXM\n".to_string(),
        ),
        (
            "unbalanced-quote",
            format!("{training}T9999,H100-SXM,v3.1,\"bert,bert\n"),
        ),
        ("time-zero", with_time("0")),
        ("time-negative", with_time("-1")),
        ("time-nan", with_time("NaN")),
        ("time-overflow", with_time("1e309")),
        ("time-text", with_time("fast")),
        (
            "extra-fields",
            one_row(&format!("{},x,y\n", first.trim_end())),
        ),
        ("binary", "\u{0}\u{1}\u{2}".into()),
    ];
    for (case, text) in &refused {
        std::fs::write(dir.join("mlperf_training.csv"), text).unwrap();
        assert_refused(
            case,
            &run(&[
                "cost",
                "--benchmarks",
                &dir.display().to_string(),
                "--format",
                "json",
            ]),
        );
    }
    // Legal: a UTF-8 BOM and CRLF line ends.
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend(training.replace('\n', "\r\n").into_bytes());
    std::fs::write(dir.join("mlperf_training.csv"), bom).unwrap();
    assert_clean_json(
        "bom-crlf",
        &run(&[
            "cost",
            "--benchmarks",
            &dir.display().to_string(),
            "--format",
            "json",
        ]),
    );
    // Extreme but positive times on the rows the example workload uses.
    for t in ["1e-300", "1e300"] {
        let edited = with_time_where(t, &|r: &[String]| r.iter().any(|f| f == "llama2_70b_lora"));
        assert!(edited.contains(&format!(",{t},")));
        std::fs::write(dir.join("mlperf_training.csv"), edited).unwrap();
        assert_clean_json(
            &format!("time-{t}"),
            &run(&[
                "cost",
                "--benchmarks",
                &dir.display().to_string(),
                "--format",
                "json",
            ]),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! Peak memory and time of one cost comparison over a generated catalogue
//! (docs/performance.md, section "Cost").
//!
//! `cargo run --release --example cost_memory -- 1000000` prints the peak resident
//! memory (VmHWM, Linux) after generating the catalogue and after comparing, and the
//! time of the comparison. With `--catalogue-only` it stops after the catalogue; with
//! `--repeat K` it compares K times (for profiling with `perf record`).

use std::time::Instant;

use cloudvet::cost::{compare, CostInputs};

#[path = "../benches/support/catalogue.rs"]
mod catalogue;

/// Peak resident set size in MiB, from /proc/self/status (Linux).
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// CPU time (user + system) of this process in seconds, from /proc/self/stat (Linux,
/// clock ticks of 1/100 s): the figure that other load on the machine does not inflate.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): state is field 3.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn show(what: &str) {
    match peak_mib() {
        Some(m) => println!("{what}: peak resident {m:.0} MiB"),
        None => println!("{what}: peak resident n/a (no /proc/self/status)"),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let rest: Vec<String> = args.collect();
    let catalogue_only = rest.iter().any(|a| a == "--catalogue-only");
    let repeat: usize = rest
        .iter()
        .position(|a| a == "--repeat")
        .and_then(|i| rest.get(i + 1)?.parse().ok())
        .unwrap_or(1);
    let (workload, requirements, benchmarks) = (
        catalogue::workload(),
        catalogue::requirements(),
        catalogue::benchmarks(),
    );
    show("start");
    let providers = catalogue::catalogue(n);
    show(&format!("catalogue of {n} offers"));
    if catalogue_only {
        return;
    }
    for _ in 0..repeat.max(1) {
        let cpu_before = cpu_seconds();
        let started = Instant::now();
        let c = compare(&CostInputs {
            workload: &workload,
            workload_file: None,
            providers: &providers,
            requirements: &requirements,
            benchmarks: &benchmarks,
            rent_vs_buy: None,
            rent_vs_buy_file: None,
            allowed_providers: None,
        })
        .expect("compare");
        let took = started.elapsed();
        let cpu = cpu_before.zip(cpu_seconds()).map(|(a, b)| b - a);
        show("after compare");
        println!(
            "compare: {} offers in {:.3} s wall ({:.2} µs per offer), {} CPU",
            c.offers.len(),
            took.as_secs_f64(),
            took.as_secs_f64() * 1e6 / c.offers.len().max(1) as f64,
            cpu.map_or_else(|| "n/a".to_string(), |s| format!("{s:.2} s"))
        );
    }
}

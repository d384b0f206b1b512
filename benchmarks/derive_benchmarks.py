#!/usr/bin/env python3
"""Derives benchmarks/mlperf_training.csv and benchmarks/mlperf_inference.csv from the
reference extracts (shared/reference/mlperf_*.csv). Rerun after the extracts change:

    python3 benchmarks/derive_benchmarks.py ../shared/reference benchmarks

What it does (also stated in benchmarks/SOURCES.md):
  * keeps closed-division rows only (open-division rows may change the model or the rules);
  * keeps rows whose accelerator_family is a benchmark family of the GPU catalogue
    (src/model/gpu.rs) and writes that ID into the new first-but-one column gpu_model;
  * inference: keeps throughput metrics only (tokens_per_s, samples_per_s,
    scheduled_samples_per_s); latency rows cannot give a throughput ratio;
  * training: drops resubmitted rows whose (benchmark, submitter, system_name,
    accelerator_count, time_to_train_minutes) equal an earlier round's row, and
    lists the later rounds in also_in_rounds; inference: the same on
    (benchmark, scenario, submitter, system_name, accelerator_count, result);
  * adds a stable row_id (T0001…, I0001…) in file order so outputs can cite rows;
  * every source column is kept unchanged.
"""
import csv
import sys

FAMILIES = {
    "A100-PCIe-80GB", "A100-SXM-40GB", "A100-SXM-80GB", "A10G", "B200", "GB200", "GH200",
    "H100-NVL", "H100-PCIe", "H100-SXM", "H200-NVL", "H200-SXM", "L4", "L40", "L40S",
    "MI300X", "MI325X", "MI355X", "RTX-PRO-6000", "RTX4090",
}
THROUGHPUT = {"tokens_per_s", "samples_per_s", "scheduled_samples_per_s"}


def derive(src, dst, prefix, key_cols, keep):
    with open(src, newline="") as f:
        rows = list(csv.DictReader(f))
        cols = list(rows[0].keys())
    out, seen = [], {}
    for r in rows:
        if r["division"] != "closed" or r["accelerator_family"] not in FAMILIES or not keep(r):
            continue
        key = tuple(r[c] for c in key_cols)
        if key in seen:
            first = seen[key]
            rounds = [x for x in first["also_in_rounds"].split(";") if x]
            if r["round"] != first["round"] and r["round"] not in rounds:
                rounds.append(r["round"])
            first["also_in_rounds"] = ";".join(rounds)
            continue
        r = dict(r)
        r["gpu_model"] = r["accelerator_family"]
        r["also_in_rounds"] = ""
        seen[key] = r
        out.append(r)
    header = ["row_id", "gpu_model"] + cols + ["also_in_rounds"]
    with open(dst, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for n, r in enumerate(out, 1):
            r["row_id"] = f"{prefix}{n:04d}"
            w.writerow([r[c] for c in header])
    print(f"{dst}: {len(out)} rows from {len(rows)}")


def main():
    ref, dst = sys.argv[1], sys.argv[2]
    derive(f"{ref}/mlperf_training.csv", f"{dst}/mlperf_training.csv", "T",
           ["benchmark", "submitter", "system_name", "accelerator_count", "time_to_train_minutes"],
           lambda r: True)
    derive(f"{ref}/mlperf_inference.csv", f"{dst}/mlperf_inference.csv", "I",
           ["benchmark", "scenario", "submitter", "system_name", "accelerator_count", "result"],
           lambda r: r["metric"] in THROUGHPUT)


if __name__ == "__main__":
    main()

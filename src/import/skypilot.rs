//! Reading a SkyPilot catalogue `vms.csv` (schema v8): one row per instance type
//! and region (and zone, for clouds that add `AvailabilityZone`).
//!
//! What the files do, and what this reader does about it (the notes of the real
//! files are in docs/import.md):
//! * columns are found by header name: their order differs between clouds;
//! * CRLF line ends and quoted fields are read by the `csv` crate;
//! * prices are per instance-hour (USD by SkyPilot's convention; the files have no
//!   currency column); an empty `Price` with a `SpotPrice` is a spot-only offer;
//! * `GpuInfo` is JSON or a Python literal (single quotes); memory per GPU is its
//!   `SizeInMiB` (Lambda's `TotalGpuMemoryInMiB` is one GPU's, so it is not used);
//! * rows without an accelerator name are CPU machines and are counted, not imported;
//! * a row whose accelerator cannot be placed on one GPU model, or whose region
//!   has no country, is reported and left out — never guessed.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use sha2::{Digest, Sha256};

use super::regions::{CountryFilter, RegionEntry, RegionTable};
use crate::diag::{Diagnostic, ImportCode};
use crate::model::common::{Amount, Date};
use crate::model::gpu::{self, FormFactor, Placement};

/// Options of one read.
#[derive(Debug, Clone, Copy)]
pub struct ReadOptions<'a> {
    /// The SkyPilot cloud (`lambda`, `nebius` …); `None` = from the file's path.
    pub cloud: Option<&'a str>,
    /// The catalogue repository's commit of this file, when known.
    pub commit: Option<&'a str>,
    /// The date of this version of the file, when known.
    pub date: Option<Date>,
    /// Region → country.
    pub regions: &'a RegionTable,
    /// Only regions in these countries.
    pub filter: Option<&'a CountryFilter>,
    /// Regions the target profile already defines, with their country: they need
    /// no table entry.
    pub known_regions: &'a BTreeMap<String, String>,
}

/// One offer read from the catalogue: an instance type in a region.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogueOffer {
    pub instance_type: String,
    pub region: String,
    pub country: String,
    /// The GPU model ID it was placed on.
    pub gpu_model: &'static str,
    pub gpus: u32,
    /// Memory per GPU in GiB from the row's GPU information, when stated.
    pub memory_gb: Option<u32>,
    /// The word of the instance name that stated the form factor (`sxm5`).
    pub form_word: Option<String>,
    pub price_on_demand: Option<Amount>,
    pub price_spot: Option<Amount>,
    /// The lines of the row (several when zone rows were combined).
    pub rows: Vec<u32>,
    /// The accelerator name as written.
    pub accelerator_name: String,
    /// Zone rows whose on-demand prices differ (the lowest was taken).
    pub zone_prices_differ: bool,
}

/// Why a row was left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnplacedReason {
    /// The GPU catalogue has no model of this name.
    UnknownModel,
    /// No model of the family has the stated memory.
    MemoryMismatch { stated_gb: u32, known_gb: Vec<u32> },
    /// Several models fit.
    Ambiguous(Vec<&'static str>),
    /// The region has no country.
    CountryUnknown,
    /// Neither an on-demand nor a spot price.
    NoPrice,
}

impl UnplacedReason {
    /// The reason in words (English, as diagnostics are).
    pub fn text(&self, accelerator: &str) -> String {
        match self {
            UnplacedReason::UnknownModel => format!(
                "the GPU catalogue has no model `{accelerator}` (cloudvet validate --list-gpus)"
            ),
            UnplacedReason::MemoryMismatch {
                stated_gb,
                known_gb,
            } => format!(
                "the row states {stated_gb} GiB per GPU; the catalogue's `{accelerator}` models have {}",
                known_gb
                    .iter()
                    .map(|g| format!("{g} GB"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            UnplacedReason::Ambiguous(ids) => format!(
                "`{accelerator}` fits {} and neither the row nor the instance name says which",
                ids.join(", ")
            ),
            UnplacedReason::CountryUnknown => {
                "the region has no country in the region table".to_string()
            }
            UnplacedReason::NoPrice => "the row has neither a price nor a spot price".to_string(),
        }
    }
}

/// A row left out, with why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unplaced {
    pub instance_type: String,
    pub region: String,
    pub accelerator_name: String,
    pub row: u32,
    pub reason: UnplacedReason,
}

/// A catalogue file read.
#[derive(Debug, Clone)]
pub struct Catalogue {
    /// The file as named.
    pub display: String,
    pub cloud: String,
    /// The file's path in the catalogue repository (`catalogs/v8/<cloud>/vms.csv`).
    pub upstream_path: String,
    pub sha256: String,
    pub commit: Option<String>,
    pub date: Option<Date>,
    /// Data rows read.
    pub rows: usize,
    /// Rows without an accelerator (CPU machines).
    pub without_gpu: usize,
    /// GPU rows outside `--region-country`.
    pub filtered_out: usize,
    pub offers: Vec<CatalogueOffer>,
    pub unplaced: Vec<Unplaced>,
    /// Every instance type appears in every region at one price: the catalogue says
    /// nothing about real availability per region (Lambda).
    pub every_type_everywhere: bool,
    /// The table entries of the regions used (region → entry).
    pub region_entries: BTreeMap<String, RegionEntry>,
    /// Warnings: rows left out.
    pub warnings: Vec<Diagnostic>,
}

impl Catalogue {
    /// The address of this version of the file: the commit's when known, else the
    /// repository's main branch (the SHA-256 then identifies the version).
    pub fn source_url(&self) -> String {
        format!(
            "https://github.com/skypilot-org/skypilot-catalog/blob/{}/{}",
            self.commit.as_deref().unwrap_or("master"),
            self.upstream_path
        )
    }
}

/// The cloud named by a catalogue path: `…/catalogs/v8/<cloud>/vms.csv`, or a
/// file named `<cloud>-vms.csv` / `<cloud>_vms.csv`.
pub fn cloud_from_path(display: &str) -> Option<String> {
    let parts: Vec<&str> = display.split(['/', '\\']).collect();
    let name = parts.last()?;
    if name.eq_ignore_ascii_case("vms.csv") && parts.len() >= 2 {
        let dir = parts[parts.len() - 2];
        if !dir.is_empty() && dir != "." && dir != ".." {
            return Some(dir.to_ascii_lowercase());
        }
    }
    let lower = name.to_ascii_lowercase();
    let stem = lower
        .strip_suffix("-vms.csv")
        .or_else(|| lower.strip_suffix("_vms.csv"))?;
    (!stem.is_empty()).then(|| stem.to_string())
}

/// Memory per GPU (GiB) and the GPU name from a `GpuInfo` cell: JSON, or a
/// Python literal with single quotes. `None` when the cell is empty or unreadable.
fn gpu_info(cell: &str) -> Option<(Option<String>, Option<u32>)> {
    let cell = cell.trim();
    if cell.is_empty() {
        return None;
    }
    let value: serde_json::Value = serde_json::from_str(cell).ok().or_else(|| {
        let json = cell
            .replace('\'', "\"")
            .replace("True", "true")
            .replace("False", "false")
            .replace("None", "null");
        serde_json::from_str(&json).ok()
    })?;
    let first = value.get("Gpus")?.get(0)?;
    let name = first.get("Name").and_then(|n| n.as_str()).map(String::from);
    let mib = first
        .get("MemoryInfo")
        .and_then(|m| m.get("SizeInMiB"))
        .and_then(serde_json::Value::as_f64);
    Some((name, mib.map(|m| (m / 1024.0).round() as u32)))
}

/// A price cell: empty = none; otherwise a positive decimal.
fn price(cell: &str) -> Result<Option<Amount>, String> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(None);
    }
    match cell.parse::<Decimal>() {
        Ok(d) if d > Decimal::ZERO => Ok(Some(Amount(d.normalize()))),
        Ok(_) => Err(format!("the price `{cell}` is not positive")),
        Err(_) => Err(format!("the price `{cell}` is not a number")),
    }
}

/// A GPU count cell (`8`, `8.0`): a whole number ≥ 1.
fn count(cell: &str) -> Result<u32, String> {
    let c = cell.trim();
    let d: Decimal = c
        .parse()
        .map_err(|_| format!("the GPU count `{c}` is not a number"))?;
    if d.fract() != Decimal::ZERO || d < Decimal::ONE || d > Decimal::from(4096) {
        return Err(format!("the GPU count `{c}` is not a whole number of GPUs"));
    }
    Ok(d.trunc().to_string().parse().unwrap_or(1))
}

/// Reads one catalogue file. Errors (unreadable file, missing columns, bad rows —
/// every one in the file) end the read; rows that cannot be placed are warnings.
pub fn read(display: &str, bytes: &[u8], opts: ReadOptions) -> Result<Catalogue, Vec<Diagnostic>> {
    let err = |code: ImportCode, msg: String| Diagnostic::error(code, msg).in_file(display);
    let cloud = match opts
        .cloud
        .map(str::to_string)
        .or_else(|| cloud_from_path(display))
    {
        Some(c) => c,
        None => {
            return Err(vec![err(
                ImportCode::CatalogueCloud,
                "the cloud of this catalogue cannot be told from its name".into(),
            )
            .expected("a path …/catalogs/v8/<cloud>/vms.csv or a file named <cloud>-vms.csv")
            .help("name the cloud: --cloud lambda")])
        }
    };
    let sha256 = crate::load::hex(&Sha256::digest(bytes));
    let body = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    if std::str::from_utf8(body).is_err() || body.contains(&0) {
        return Err(vec![err(
            ImportCode::CatalogueUnreadable,
            "the file is not UTF-8 text".into(),
        )
        .help("pass the catalogue's vms.csv as downloaded")]);
    }
    // Lines from byte offsets: the csv crate's own line count is one short on CRLF files,
    // where a record's position is the LF of the line before it.
    let newlines: Vec<usize> = body
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i)
        .collect();
    let line_at = |byte: u64| newlines.partition_point(|&n| (n as u64) <= byte) + 1;
    let mut rdr = csv::ReaderBuilder::new().flexible(true).from_reader(body);
    let headers = match rdr.headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            return Err(vec![err(
                ImportCode::CatalogueUnreadable,
                format!("the file cannot be read as CSV: {e}"),
            )])
        }
    };
    let col = |name: &str| headers.iter().position(|h| h.trim() == name);
    let gpu_info_col = col("GpuInfo").or_else(|| col("GPUInfo"));
    let (c_type, c_acc, c_count, c_region, c_price, c_spot) = (
        col("InstanceType"),
        col("AcceleratorName"),
        col("AcceleratorCount"),
        col("Region"),
        col("Price"),
        col("SpotPrice"),
    );
    let missing: Vec<&str> = [
        ("InstanceType", c_type),
        ("AcceleratorName", c_acc),
        ("AcceleratorCount", c_count),
        ("Region", c_region),
    ]
    .iter()
    .filter(|(_, c)| c.is_none())
    .map(|(n, _)| *n)
    .chain((c_price.is_none() && c_spot.is_none()).then_some("Price"))
    .collect();
    let (Some(c_type), Some(c_acc), Some(c_count), Some(c_region)) =
        (c_type, c_acc, c_count, c_region)
    else {
        return Err(vec![err(
            ImportCode::CatalogueColumns,
            format!("the header lacks the column(s) {}", missing.join(", ")),
        )
        .at(1, 1)
        .expected("a SkyPilot vms.csv header: InstanceType, AcceleratorName, AcceleratorCount, Region, Price, SpotPrice, GpuInfo …")]);
    };
    if !missing.is_empty() {
        return Err(vec![err(
            ImportCode::CatalogueColumns,
            format!("the header lacks the column(s) {}", missing.join(", ")),
        )
        .at(1, 1)]);
    }

    let mut errors = Vec::new();
    let mut rows = 0usize;
    let mut without_gpu = 0usize;
    let mut filtered_out = 0usize;
    let mut unplaced = Vec::new();
    let mut region_entries = BTreeMap::new();
    // (instance type, region) → offer, in first-seen order.
    let mut order: Vec<(String, String)> = Vec::new();
    let mut offers: BTreeMap<(String, String), CatalogueOffer> = BTreeMap::new();
    for rec in rdr.records() {
        let rec = match rec {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, |p| line_at(p.byte()));
                errors.push(
                    err(
                        ImportCode::CatalogueUnreadable,
                        format!("the file cannot be read as CSV: {e}"),
                    )
                    .at(line, 1),
                );
                break;
            }
        };
        rows += 1;
        let line = rec.position().map_or(0, |p| line_at(p.byte())) as u32;
        if rec.len() != headers.len() {
            errors.push(
                err(
                    ImportCode::CatalogueRow,
                    format!(
                        "the row has {} fields; the header has {}",
                        rec.len(),
                        headers.len()
                    ),
                )
                .at(line as usize, 1),
            );
            continue;
        }
        let get = |i: usize| rec.get(i).unwrap_or("").trim();
        let acc = get(c_acc);
        if acc.is_empty() {
            without_gpu += 1;
            continue;
        }
        let instance_type = get(c_type).to_string();
        let region = get(c_region).to_string();
        let row_err = |msg: String| err(ImportCode::CatalogueRow, msg).at(line as usize, 1);
        let gpus = match count(get(c_count)) {
            Ok(n) => n,
            Err(m) => {
                errors.push(row_err(m));
                continue;
            }
        };
        let on_demand = match c_price.map(get).map(price).transpose() {
            Ok(p) => p.flatten(),
            Err(m) => {
                errors.push(row_err(m));
                continue;
            }
        };
        let spot = match c_spot.map(get).map(price).transpose() {
            Ok(p) => p.flatten(),
            Err(m) => {
                errors.push(row_err(m));
                continue;
            }
        };
        if instance_type.is_empty() || region.is_empty() {
            errors.push(row_err(
                "the row has an accelerator but no instance type or no region".into(),
            ));
            continue;
        }
        let leave_out = |reason: UnplacedReason| Unplaced {
            instance_type: instance_type.clone(),
            region: region.clone(),
            accelerator_name: acc.to_string(),
            row: line,
            reason,
        };
        // Country of the region: the profile's own region first, else the table.
        let country = match opts.known_regions.get(&region) {
            Some(c) => Some(c.clone()),
            None => opts.regions.get(&cloud, &region).map(|e| {
                region_entries.insert(region.clone(), e.clone());
                e.country.clone()
            }),
        };
        let Some(country) = country else {
            // Also under --region-country: whether the region passes is unknown.
            unplaced.push(leave_out(UnplacedReason::CountryUnknown));
            continue;
        };
        if let Some(f) = opts.filter {
            if !f.admits(&country) {
                filtered_out += 1;
                continue;
            }
        }
        let info = gpu_info_col.map(get).and_then(gpu_info);
        let memory_gb = info.as_ref().and_then(|i| i.1);
        let form = FormFactor::find_in(&instance_type).or_else(|| {
            info.as_ref()
                .and_then(|i| i.0.as_deref())
                .and_then(FormFactor::find_in)
        });
        let model = match gpu::place(acc, memory_gb, form.as_ref().map(|f| f.0)) {
            Placement::Model(m) => m.id,
            Placement::Unknown => {
                unplaced.push(leave_out(UnplacedReason::UnknownModel));
                continue;
            }
            Placement::MemoryMismatch {
                stated_gb,
                known_gb,
            } => {
                unplaced.push(leave_out(UnplacedReason::MemoryMismatch {
                    stated_gb,
                    known_gb,
                }));
                continue;
            }
            Placement::Ambiguous(ids) => {
                unplaced.push(leave_out(UnplacedReason::Ambiguous(ids)));
                continue;
            }
        };
        if on_demand.is_none() && spot.is_none() {
            unplaced.push(leave_out(UnplacedReason::NoPrice));
            continue;
        }
        let key = (instance_type.clone(), region.clone());
        match offers.get_mut(&key) {
            // A further zone row of the same instance type and region: the lowest
            // price of each kind (zone rows of one region share the region's prices
            // on AWS; spot prices differ by zone).
            Some(o) => {
                o.rows.push(line);
                if o.price_on_demand != on_demand {
                    o.zone_prices_differ |= o.price_on_demand.is_some() && on_demand.is_some();
                    o.price_on_demand = min_amount(o.price_on_demand.take(), on_demand);
                }
                o.price_spot = min_amount(o.price_spot.take(), spot);
            }
            None => {
                order.push(key.clone());
                offers.insert(
                    key,
                    CatalogueOffer {
                        instance_type,
                        region,
                        country,
                        gpu_model: model,
                        gpus,
                        memory_gb,
                        form_word: form.map(|f| f.1),
                        price_on_demand: on_demand,
                        price_spot: spot,
                        rows: vec![line],
                        accelerator_name: acc.to_string(),
                        zone_prices_differ: false,
                    },
                );
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let offers: Vec<CatalogueOffer> = order
        .into_iter()
        .filter_map(|k| offers.remove(&k))
        .collect();
    let every_type_everywhere = every_type_everywhere(&offers);
    let warnings = warnings(display, &unplaced);
    Ok(Catalogue {
        display: display.to_string(),
        upstream_path: format!("catalogs/v8/{cloud}/vms.csv"),
        cloud,
        sha256,
        commit: opts.commit.map(str::to_string),
        date: opts.date,
        rows,
        without_gpu,
        filtered_out,
        offers,
        unplaced,
        every_type_everywhere,
        region_entries,
        warnings,
    })
}

fn min_amount(a: Option<Amount>, b: Option<Amount>) -> Option<Amount> {
    match (a, b) {
        (Some(x), Some(y)) => Some(if y.0 < x.0 { y } else { x }),
        (x, None) => x,
        (None, y) => y,
    }
}

/// True when the file lists every instance type in every one of (at least two)
/// regions at one price: then a region's list says nothing about availability.
fn every_type_everywhere(offers: &[CatalogueOffer]) -> bool {
    let mut by_type: BTreeMap<&str, Vec<&CatalogueOffer>> = BTreeMap::new();
    let mut regions = std::collections::BTreeSet::new();
    for o in offers {
        by_type.entry(&o.instance_type).or_default().push(o);
        regions.insert(o.region.as_str());
    }
    regions.len() >= 2
        && by_type.values().all(|list| {
            list.len() == regions.len()
                && list.iter().all(|o| {
                    o.price_on_demand == list[0].price_on_demand
                        && o.price_spot == list[0].price_spot
                })
        })
}

/// One warning per accelerator and reason (per region when the region has no
/// country), naming the instance types and the lines.
fn warnings(display: &str, unplaced: &[Unplaced]) -> Vec<Diagnostic> {
    let mut groups: BTreeMap<String, Vec<&Unplaced>> = BTreeMap::new();
    let mut first_seen: Vec<String> = Vec::new();
    for u in unplaced {
        let key = match u.reason {
            UnplacedReason::CountryUnknown => format!("region {}", u.region),
            _ => format!(
                "{} {}",
                u.accelerator_name,
                u.reason.text(&u.accelerator_name)
            ),
        };
        if !groups.contains_key(&key) {
            first_seen.push(key.clone());
        }
        groups.entry(key).or_default().push(u);
    }
    let few = |items: Vec<String>| {
        let mut seen = Vec::new();
        for i in items {
            if !seen.contains(&i) {
                seen.push(i);
            }
        }
        let n = seen.len();
        let mut s = seen.into_iter().take(5).collect::<Vec<_>>().join(", ");
        if n > 5 {
            s.push_str(", …");
        }
        (n, s)
    };
    first_seen
        .into_iter()
        .map(|key| {
            let list = &groups[&key];
            let first = list[0];
            let (n_lines, lines) = few(list.iter().map(|u| u.row.to_string()).collect());
            let lines = format!("{} {lines}", if n_lines == 1 { "line" } else { "lines" });
            let (types, type_list) = few(list.iter().map(|u| u.instance_type.clone()).collect());
            let rows = list.len();
            let rows_word = if rows == 1 { "row" } else { "rows" };
            match first.reason {
                UnplacedReason::CountryUnknown => Diagnostic::warning(
                    ImportCode::RegionCountryUnknown,
                    format!(
                        "left out {rows} {rows_word} in region `{}` ({lines}): {}",
                        first.region,
                        first.reason.text("")
                    ),
                )
                .help(format!(
                    "add the region `{}` with its country and source to data/skypilot-regions.csv, or pass --region-map FILE",
                    first.region
                )),
                _ => {
                    let what = if types == 1 {
                        format!("`{type_list}`")
                    } else {
                        format!("{types} instance types ({type_list})")
                    };
                    let d = Diagnostic::warning(
                        ImportCode::UnplacedAccelerator,
                        format!(
                            "left out {what} with accelerator `{}`, {rows} {rows_word} ({lines}): {}",
                            first.accelerator_name,
                            first.reason.text(&first.accelerator_name)
                        ),
                    );
                    match first.reason {
                        UnplacedReason::NoPrice => d,
                        _ => d.help("an existing offer for these rows is kept as it is; the GPU model must be in the GPU catalogue (src/model/gpu.rs) to be imported"),
                    }
                }
            }
            .in_file(display)
            .at(first.row as usize, 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clouds_from_paths() {
        assert_eq!(
            cloud_from_path("x/catalogs/v8/lambda/vms.csv").as_deref(),
            Some("lambda")
        );
        assert_eq!(
            cloud_from_path("../shared/reference/skypilot/nebius-vms.csv").as_deref(),
            Some("nebius")
        );
        assert_eq!(cloud_from_path("prices.csv"), None);
    }

    #[test]
    fn gpu_info_in_both_notations() {
        assert_eq!(
            gpu_info("{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}"),
            Some((Some("H100".into()), Some(80)))
        );
        assert_eq!(
            gpu_info(
                r#"{"Gpus": [{"Name": "B300", "Count": 1, "MemoryInfo": {"SizeInMiB": 268288}}], "TotalGpuMemoryInMiB": 268288}"#
            ),
            Some((Some("B300".into()), Some(262)))
        );
        assert_eq!(gpu_info(""), None);
        assert_eq!(gpu_info("{not"), None);
    }

    #[test]
    fn counts_and_prices() {
        assert_eq!(count("8.0"), Ok(8));
        assert_eq!(count("8"), Ok(8));
        assert!(count("0").is_err() && count("1.5").is_err() && count("x").is_err());
        assert_eq!(price("23.60").unwrap().unwrap().0.to_string(), "23.6");
        assert_eq!(price("").unwrap(), None);
        assert!(price("-1").is_err() && price("1,5").is_err());
    }
}

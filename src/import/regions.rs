//! The region → country table for catalogue regions, and the `--region-country`
//! filter. The shipped table is `data/skypilot-regions.csv`: one row per
//! (cloud, region) with its source, `as_of` and basis; a region that is not in
//! it has no country, and its rows are reported, never guessed.

use std::collections::BTreeMap;

use crate::diag::{Diagnostic, ImportCode};
use crate::model::codes;
use crate::model::common::Date;

/// The shipped table (compiled in).
pub const SHIPPED: &str = include_str!("../../data/skypilot-regions.csv");
/// Its name in diagnostics and provenance.
pub const SHIPPED_NAME: &str = "data/skypilot-regions.csv";

/// How a table entry knows the country.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// The provider's own documentation states the location (AWS, GCP).
    Provider,
    /// A named source states the location.
    ThirdParty,
    /// Read from the region's name only.
    RegionName,
}

/// One region's country, with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionEntry {
    pub country: String,
    pub source: String,
    pub as_of: Date,
    pub basis: Basis,
    pub note: String,
}

/// Region → country, by (cloud, region).
#[derive(Debug, Clone, Default)]
pub struct RegionTable {
    entries: BTreeMap<(String, String), RegionEntry>,
}

impl RegionTable {
    /// The shipped table.
    pub fn shipped() -> RegionTable {
        // The shipped table is checked by a unit test; a defect would show there.
        let mut t = RegionTable::default();
        let _ = t.add_csv(SHIPPED_NAME, SHIPPED);
        t
    }

    /// Adds (or replaces) the rows of a table in the same format as the shipped one.
    pub fn add_csv(&mut self, display: &str, text: &str) -> Result<(), Vec<Diagnostic>> {
        let mut rdr = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .trim(csv::Trim::All)
            .from_reader(text.as_bytes());
        let bad = |line: u64, msg: String| {
            Diagnostic::error(ImportCode::RegionMapInvalid, msg)
                .in_file(display)
                .at(line as usize, 1)
                .expected("cloud,region,country,source,as_of,basis,note")
        };
        let headers = match rdr.headers() {
            Ok(h) => h.clone(),
            Err(e) => return Err(vec![bad(1, format!("the table cannot be read: {e}"))]),
        };
        let col = |name: &str| headers.iter().position(|h| h == name);
        let (Some(c_cloud), Some(c_region), Some(c_country), Some(c_source), Some(c_as_of)) = (
            col("cloud"),
            col("region"),
            col("country"),
            col("source"),
            col("as_of"),
        ) else {
            return Err(vec![bad(
                1,
                "the header lacks one of cloud, region, country, source, as_of".into(),
            )]);
        };
        let (c_basis, c_note) = (col("basis"), col("note"));
        let mut errors = Vec::new();
        let mut seen = BTreeMap::new();
        for rec in rdr.records() {
            let rec = match rec {
                Ok(r) => r,
                Err(e) => {
                    let line = e.position().map_or(0, |p| p.line());
                    errors.push(bad(line, format!("the row cannot be read: {e}")));
                    continue;
                }
            };
            let line = rec.position().map_or(0, |p| p.line());
            let get = |i: usize| rec.get(i).unwrap_or("").to_string();
            let (cloud, region, country) = (get(c_cloud), get(c_region), get(c_country));
            if !codes::is_country(&country) {
                errors.push(bad(
                    line,
                    format!(
                        "`{country}` (region `{region}`) is not an ISO 3166-1 alpha-2 country code"
                    ),
                ));
                continue;
            }
            let source = get(c_source);
            if source.is_empty() {
                errors.push(bad(line, format!("region `{region}` has no source")));
                continue;
            }
            let as_of: Date = match get(c_as_of).parse() {
                Ok(d) => d,
                Err(_) => {
                    errors.push(bad(
                        line,
                        format!("region `{region}` has no `as_of` date YYYY-MM-DD"),
                    ));
                    continue;
                }
            };
            if let Some(first) = seen.insert((cloud.clone(), region.clone()), line) {
                errors.push(bad(
                    line,
                    format!("region `{region}` of `{cloud}` is already listed on line {first}"),
                ));
                continue;
            }
            let basis = match c_basis.map(get).as_deref() {
                Some("provider") => Basis::Provider,
                Some("third_party") => Basis::ThirdParty,
                _ => Basis::RegionName,
            };
            self.entries.insert(
                (cloud, region),
                RegionEntry {
                    country,
                    source,
                    as_of,
                    basis,
                    note: c_note.map(get).unwrap_or_default(),
                },
            );
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// The country of a region of a cloud, if the table has it.
    pub fn get(&self, cloud: &str, region: &str) -> Option<&RegionEntry> {
        self.entries.get(&(cloud.to_string(), region.to_string()))
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// `--region-country`: which countries' regions to import.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CountryFilter {
    eu: bool,
    eea: bool,
    countries: Vec<String>,
    /// The filter as written, for the summary.
    pub text: String,
}

impl CountryFilter {
    /// Parses `EU`, `EEA` and country codes, separated by commas (any case).
    pub fn parse(text: &str) -> Result<CountryFilter, Diagnostic> {
        let mut f = CountryFilter {
            text: text.to_string(),
            ..CountryFilter::default()
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let up = part.to_ascii_uppercase();
            match up.as_str() {
                "EU" => f.eu = true,
                "EEA" | "EWR" => f.eea = true,
                c if codes::is_country(c) => f.countries.push(up),
                _ => {
                    let d = Diagnostic::error(
                        ImportCode::InvalidCountryFilter,
                        format!("--region-country: `{part}` is neither EU, EEA nor a country code"),
                    )
                    .expected("EU, EEA or ISO 3166-1 alpha-2 codes, separated by commas");
                    return Err(match codes::country_hint(&up) {
                        Some(h) => d.help(format!("did you mean `{h}`?")),
                        None => d.help("e.g. --region-country EU or --region-country DE,AT,CH"),
                    });
                }
            }
        }
        if !f.eu && !f.eea && f.countries.is_empty() {
            return Err(Diagnostic::error(
                ImportCode::InvalidCountryFilter,
                "--region-country names no country",
            )
            .expected("EU, EEA or ISO 3166-1 alpha-2 codes, separated by commas"));
        }
        Ok(f)
    }

    /// True when a region in this country is imported.
    pub fn admits(&self, country: &str) -> bool {
        (self.eu && codes::is_eu(country))
            || (self.eea && codes::is_eea(country))
            || self.countries.iter().any(|c| c == country)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_reads_without_a_problem() {
        let mut t = RegionTable::default();
        t.add_csv(SHIPPED_NAME, SHIPPED)
            .expect("shipped table is valid");
        assert_eq!(t.get("nebius", "eu-west1").unwrap().country, "FR");
        assert_eq!(
            t.get("nebius", "eu-west1").unwrap().basis,
            Basis::ThirdParty
        );
        // Lambda's europe-south-1 has no country in any source we hold.
        assert!(t.get("lambda", "europe-south-1").is_none());
        // AWS and GCP regions, from the providers' own documentation.
        for (cloud, region, country) in [
            ("aws", "eu-central-1", "DE"),
            ("aws", "eu-north-1", "SE"),
            ("aws", "eu-west-2", "GB"),
            ("aws", "eu-central-2", "CH"),
            ("gcp", "europe-west3", "DE"),
            ("gcp", "europe-west4", "NL"),
            ("gcp", "europe-west6", "CH"),
            ("gcp", "me-central2", "SA"),
        ] {
            let e = t
                .get(cloud, region)
                .unwrap_or_else(|| panic!("{cloud} {region}"));
            assert_eq!(e.country, country, "{cloud} {region}");
            assert_eq!(e.basis, Basis::Provider);
            assert!(e.source.starts_with("https://"));
        }
        // Every AWS and GCP region of the reference price data has a country.
        for (cloud, region) in [
            ("aws", "ap-southeast-3"),
            ("aws", "me-central-1"),
            ("gcp", "asia-east1"),
            ("gcp", "us-south1"),
            ("gcp", "northamerica-northeast2"),
        ] {
            assert!(t.get(cloud, region).is_some(), "{cloud} {region}");
        }
    }

    #[test]
    fn bad_rows_are_all_reported() {
        let mut t = RegionTable::default();
        let e = t
            .add_csv(
                "x.csv",
                "cloud,region,country,source,as_of\na,r1,XX,s,2026-01-01\na,r2,DE,,2026-01-01\na,r3,DE,s,01.01.2026\n",
            )
            .unwrap_err();
        assert_eq!(e.len(), 3);
    }

    #[test]
    fn filters() {
        let f = CountryFilter::parse("EU").unwrap();
        assert!(f.admits("DE") && !f.admits("NO") && !f.admits("US"));
        let f = CountryFilter::parse("eea, ch").unwrap();
        assert!(f.admits("NO") && f.admits("CH") && !f.admits("GB"));
        assert!(CountryFilter::parse("UK").is_err());
        assert!(CountryFilter::parse(",").is_err());
    }
}

//! The GPU catalogue: the model IDs profiles, requirements and workloads may use.
//!
//! IDs follow the accelerator families of the MLPerf extracts in `benchmarks/`,
//! so an offer's GPU can be matched to benchmark rows without guessing. A
//! generic ID such as `H100` (form factor unknown) is allowed in profiles but has
//! no benchmark family: the cost model then gives it no basis unless a measured
//! run used the same ID.

/// One GPU model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuModel {
    /// Catalogue ID used in files.
    pub id: &'static str,
    pub vendor: &'static str,
    /// Memory per GPU in GB.
    pub vram_gb: u32,
    /// The `accelerator_family` of benchmark rows that stand for this model; `None` for
    /// generic IDs whose form factor is unknown.
    pub benchmark_family: Option<&'static str>,
    /// Human description.
    pub description: &'static str,
    /// Where the memory size (and the form factor) is stated.
    pub source: &'static str,
}

/// Every GPU model cloudvet knows, sorted by ID.
pub const GPU_MODELS: &[GpuModel] = &[
    GpuModel {
        id: "A10",
        vendor: "NVIDIA",
        vram_gb: 24,
        benchmark_family: None,
        description: "NVIDIA A10 24 GB",
        source: "SkyPilot catalogue v8, lambda/vms.csv (commit 0f4070387edc), gpu_1x_a10: `A10`, SizeInMiB 24576",
    },
    GpuModel {
        id: "A100-40GB",
        vendor: "NVIDIA",
        vram_gb: 40,
        benchmark_family: None,
        description: "NVIDIA A100 40 GB, form factor not stated",
        source: "SkyPilot catalogue v8, lambda/vms.csv (commit 0f4070387edc), gpu_1x_a100: `A100`, SizeInMiB 40960",
    },
    GpuModel {
        id: "A100-80GB",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: None,
        description: "NVIDIA A100 80 GB, form factor not stated",
        source: "SkyPilot catalogue v8, verda/vms.csv (commit 000c1d0bf246), 1A100.22V: `A100-80GB`, SizeInMiB 81920",
    },
    GpuModel {
        id: "A100-PCIe-80GB",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: Some("A100-PCIe-80GB"),
        description: "NVIDIA A100 80 GB PCIe",
        source: "MLPerf Training system descriptions: `NVIDIA A100-PCIe-80GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "A100-SXM-40GB",
        vendor: "NVIDIA",
        vram_gb: 40,
        benchmark_family: Some("A100-SXM-40GB"),
        description: "NVIDIA A100 40 GB SXM",
        source: "MLPerf Training system descriptions: `NVIDIA A100-SXM-40GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "A100-SXM-80GB",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: Some("A100-SXM-80GB"),
        description: "NVIDIA A100 80 GB SXM",
        source: "MLPerf Training system descriptions: `NVIDIA A100-SXM4-80GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "A10G",
        vendor: "NVIDIA",
        vram_gb: 24,
        benchmark_family: Some("A10G"),
        description: "NVIDIA A10G 24 GB (AWS g5)",
        source: "MLPerf Training system descriptions: `NVIDIA A10G` (memory not stated there; 24 GB not sourced in cloudvet's reference data)",
    },
    GpuModel {
        id: "A6000",
        vendor: "NVIDIA",
        vram_gb: 48,
        benchmark_family: None,
        description: "NVIDIA RTX A6000 48 GB",
        source: "SkyPilot catalogue v8, lambda/vms.csv (commit 0f4070387edc), gpu_1x_a6000: `A6000`, SizeInMiB 49152",
    },
    GpuModel {
        id: "B200",
        vendor: "NVIDIA",
        vram_gb: 180,
        benchmark_family: Some("B200"),
        description: "NVIDIA B200",
        source: "MLPerf system descriptions: `NVIDIA B200-SXM-180GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "B300",
        vendor: "NVIDIA",
        vram_gb: 270,
        benchmark_family: Some("B300"),
        description: "NVIDIA B300 (Blackwell Ultra) SXM",
        source: "MLPerf Training v5.1 system descriptions: `NVIDIA Blackwell Ultra GPU (B300-SXM-270GB)` (mlcommons/training_results_v5.1); the SkyPilot verda/vms.csv rows state 268288 and 268800 MiB",
    },
    GpuModel {
        id: "GB200",
        vendor: "NVIDIA",
        vram_gb: 186,
        benchmark_family: Some("GB200"),
        description: "NVIDIA GB200 (Grace Blackwell)",
        source: "MLPerf system descriptions: `NVIDIA GB200` (memory not stated there; 186 GB not sourced in cloudvet's reference data)",
    },
    GpuModel {
        id: "GH200",
        vendor: "NVIDIA",
        vram_gb: 96,
        benchmark_family: Some("GH200"),
        description: "NVIDIA GH200 (Grace Hopper)",
        source: "MLPerf Inference system descriptions: `NVIDIA GH200 Grace Hopper Superchip 96GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "H100",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: None,
        description: "NVIDIA H100, form factor not stated",
        source: "SkyPilot catalogue v8, lambda/vms.csv (commit 0f4070387edc), gpu_1x_h100_pcie and gpu_1x_h100_sxm5: `H100`, SizeInMiB 81920",
    },
    GpuModel {
        id: "H100-NVL",
        vendor: "NVIDIA",
        vram_gb: 94,
        benchmark_family: Some("H100-NVL"),
        description: "NVIDIA H100 NVL 94 GB",
        source: "MLPerf Inference system descriptions: `NVIDIA H100-NVL-94GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "H100-PCIe",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: Some("H100-PCIe"),
        description: "NVIDIA H100 80 GB PCIe",
        source: "MLPerf system descriptions: `NVIDIA H100-PCIe-80GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "H100-SXM",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: Some("H100-SXM"),
        description: "NVIDIA H100 80 GB SXM5",
        source: "MLPerf system descriptions: `NVIDIA H100-SXM5-80GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "H200",
        vendor: "NVIDIA",
        vram_gb: 141,
        benchmark_family: None,
        description: "NVIDIA H200 141 GB, form factor not stated",
        source: "SkyPilot catalogue v8, nebius/vms.csv (commit 0082b0435f39), gpu-h200-sxm_1gpu-16vcpu-200gb: `H200`, SizeInMiB 144384",
    },
    GpuModel {
        id: "H200-NVL",
        vendor: "NVIDIA",
        vram_gb: 141,
        benchmark_family: Some("H200-NVL"),
        description: "NVIDIA H200 NVL 141 GB",
        source: "MLPerf system descriptions: `NVIDIA H200-NVL-141GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "H200-SXM",
        vendor: "NVIDIA",
        vram_gb: 141,
        benchmark_family: Some("H200-SXM"),
        description: "NVIDIA H200 141 GB SXM",
        source: "MLPerf system descriptions: `NVIDIA H200-SXM-141GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "L4",
        vendor: "NVIDIA",
        vram_gb: 24,
        benchmark_family: Some("L4"),
        description: "NVIDIA L4 24 GB",
        source: "MLPerf Inference system descriptions: `NVIDIA L4-PCIe-24GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "L40",
        vendor: "NVIDIA",
        vram_gb: 48,
        benchmark_family: Some("L40"),
        description: "NVIDIA L40 48 GB",
        source: "MLPerf Training system descriptions: `NVIDIA L40` (memory not stated there; 48 GB not sourced in cloudvet's reference data)",
    },
    GpuModel {
        id: "L40S",
        vendor: "NVIDIA",
        vram_gb: 48,
        benchmark_family: Some("L40S"),
        description: "NVIDIA L40S 48 GB",
        source: "SkyPilot catalogue v8, nebius/vms.csv (commit 0082b0435f39), gpu-l40s-a_1gpu-8vcpu-32gb: `L40S`, SizeInMiB 49152",
    },
    GpuModel {
        id: "MI300X",
        vendor: "AMD",
        vram_gb: 192,
        benchmark_family: Some("MI300X"),
        description: "AMD Instinct MI300X 192 GB",
        source: "MLPerf system descriptions: `AMD Instinct MI300X 192GB HBM3` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "MI325X",
        vendor: "AMD",
        vram_gb: 256,
        benchmark_family: Some("MI325X"),
        description: "AMD Instinct MI325X 256 GB",
        source: "MLPerf system descriptions: `AMD Instinct MI325X 256GB HBM3e` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "MI355X",
        vendor: "AMD",
        vram_gb: 288,
        benchmark_family: Some("MI355X"),
        description: "AMD Instinct MI355X 288 GB",
        source: "MLPerf Inference system descriptions: `AMD Instinct MI355X 288GB HBM3e` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "RTX-6000-Ada",
        vendor: "NVIDIA",
        vram_gb: 48,
        benchmark_family: None,
        description: "NVIDIA RTX 6000 Ada Generation 48 GB",
        source: "SkyPilot catalogue v8, verda/vms.csv (commit 000c1d0bf246), 1RTX6000ADA.10V: `RTX-6000-Ada`, SizeInMiB 49152",
    },
    GpuModel {
        id: "RTX-PRO-6000",
        vendor: "NVIDIA",
        vram_gb: 96,
        benchmark_family: Some("RTX-PRO-6000"),
        description: "NVIDIA RTX PRO 6000 Blackwell 96 GB",
        source: "MLPerf Training system descriptions: `NVIDIA RTX Pro 6000 SE PCIe 96GB` (benchmarks/SOURCES.md)",
    },
    GpuModel {
        id: "RTX4090",
        vendor: "NVIDIA",
        vram_gb: 24,
        benchmark_family: Some("RTX4090"),
        description: "NVIDIA GeForce RTX 4090 24 GB",
        source: "MLPerf Training system descriptions: `NVIDIA GeForce RTX 4090` (memory not stated there; 24 GB not sourced in cloudvet's reference data)",
    },
    GpuModel {
        id: "RTX6000",
        vendor: "NVIDIA",
        vram_gb: 24,
        benchmark_family: None,
        description: "NVIDIA Quadro RTX 6000 24 GB (Turing)",
        source: "SkyPilot catalogue v8, lambda/vms.csv (commit 0f4070387edc), gpu_1x_rtx6000: `RTX6000`, SizeInMiB 24576",
    },
    GpuModel {
        id: "V100-16GB",
        vendor: "NVIDIA",
        vram_gb: 16,
        benchmark_family: None,
        description: "NVIDIA V100 16 GB, form factor not stated",
        source: "SkyPilot catalogue v8, lambda/vms.csv (commit 0f4070387edc), gpu_8x_v100 and verda/vms.csv 1V100.6V: `V100`, SizeInMiB 16384",
    },
];

/// Looks a model up by its catalogue ID (exact, case-sensitive). The catalogue is sorted
/// by ID (a test keeps it so): a binary search, as it runs for every offer.
pub fn gpu_model(id: &str) -> Option<&'static GpuModel> {
    GPU_MODELS
        .binary_search_by(|g| g.id.cmp(id))
        .ok()
        .map(|i| &GPU_MODELS[i])
}

/// A GPU board's form factor, as an instance name or a catalogue states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormFactor {
    Sxm,
    Pcie,
    Nvl,
}

impl FormFactor {
    /// The form factor a word of an instance name or GPU description states
    /// (`sxm`, `sxm4`, `sxm5`, `pcie`, `nvl`; any case), if any.
    pub fn from_word(word: &str) -> Option<FormFactor> {
        let w = word.to_ascii_lowercase();
        if w.starts_with("sxm") && w[3..].chars().all(|c| c.is_ascii_digit()) {
            Some(FormFactor::Sxm)
        } else if w == "pcie" {
            Some(FormFactor::Pcie)
        } else if w == "nvl" {
            Some(FormFactor::Nvl)
        } else {
            None
        }
    }

    /// The first form factor stated by a word of `text` (words split at anything
    /// that is not a letter or digit: `gpu_1x_h100_sxm5` states SXM), with the word.
    pub fn find_in(text: &str) -> Option<(FormFactor, String)> {
        text.split(|c: char| !c.is_ascii_alphanumeric())
            .find_map(|w| FormFactor::from_word(w).map(|f| (f, w.to_string())))
    }
}

/// A word of a model ID or catalogue name that gives memory (`80GB`), if it is one.
fn memory_word(word: &str) -> Option<u32> {
    let digits = word
        .strip_suffix("GB")
        .or_else(|| word.strip_suffix("gb"))?;
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The family of a model ID or catalogue name: the name without its form factor
/// and memory words (`A100-SXM-80GB` → `A100`, `H100-NVL` → `H100`, `L40S` → `L40S`).
pub fn family(name: &str) -> String {
    name.split('-')
        .filter(|w| FormFactor::from_word(w).is_none() && memory_word(w).is_none())
        .collect::<Vec<_>>()
        .join("-")
}

/// The memory a name states in a word such as `80GB` (`A100-80GB` → 80).
pub fn memory_in_name(name: &str) -> Option<u32> {
    name.split('-').find_map(memory_word)
}

/// The form factor a model ID names (`H100-SXM` → SXM); `None` for IDs without one.
pub fn form_of(id: &str) -> Option<FormFactor> {
    id.split('-').find_map(FormFactor::from_word)
}

/// How far a stated memory size may be from the catalogue's: sizes are stated in GiB
/// or GB, rounded by vendors and reduced by reserved memory (H100 NVL: 94 GB, 95,830
/// MiB; B300: 270 GB in MLPerf, 268,288 MiB in a price catalogue). At least 2 GB, or
/// 4 % of the catalogue's size — less than the gap between any two models of one
/// family (A100 40/80 GB, H100 80/94 GB).
fn memory_fits(catalogue_gb: u32, stated_gb: u32) -> bool {
    let tolerance = (catalogue_gb * 4).div_ceil(100).max(2);
    catalogue_gb.abs_diff(stated_gb) <= tolerance
}

/// The outcome of placing a name from elsewhere (a price catalogue) on a model ID.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// Exactly one model fits.
    Model(&'static GpuModel),
    /// No model of this family is in the catalogue.
    Unknown,
    /// The family is known but no model of it has the stated memory.
    MemoryMismatch { stated_gb: u32, known_gb: Vec<u32> },
    /// Several models fit and nothing stated picks one.
    Ambiguous(Vec<&'static str>),
}

/// Places a GPU name on a model ID of [`GPU_MODELS`] from what is stated: the
/// family of the name, the memory per GPU (GiB) and the form factor. Nothing is
/// guessed: without a form factor the generic ID of the family (e.g. `H100`,
/// form factor not stated) is taken, and when memory rules every model out or
/// several fit, the answer says so.
pub fn place(name: &str, memory_gb: Option<u32>, form: Option<FormFactor>) -> Placement {
    let fam = family(name);
    let mut candidates: Vec<&'static GpuModel> = GPU_MODELS
        .iter()
        .filter(|g| family(g.id).eq_ignore_ascii_case(&fam))
        .collect();
    if candidates.is_empty() {
        return Placement::Unknown;
    }
    if let Some(gb) = memory_gb.or_else(|| memory_in_name(name)) {
        let fitting: Vec<_> = candidates
            .iter()
            .copied()
            .filter(|g| memory_fits(g.vram_gb, gb))
            .collect();
        if fitting.is_empty() {
            let mut known_gb: Vec<u32> = candidates.iter().map(|g| g.vram_gb).collect();
            known_gb.sort_unstable();
            known_gb.dedup();
            return Placement::MemoryMismatch {
                stated_gb: gb,
                known_gb,
            };
        }
        candidates = fitting;
    }
    let pick = |list: Vec<&'static GpuModel>| match list.as_slice() {
        [one] => Placement::Model(one),
        _ => Placement::Ambiguous(list.iter().map(|g| g.id).collect()),
    };
    if let Some(f) = form {
        let stated: Vec<_> = candidates
            .iter()
            .copied()
            .filter(|g| form_of(g.id) == Some(f))
            .collect();
        if !stated.is_empty() {
            return pick(stated);
        }
    }
    // No form factor stated (or none of the family's models has the stated one):
    // the model without a form factor in its ID — the generic one, or the only form
    // the family has (B200, L40S).
    let unformed: Vec<_> = candidates
        .iter()
        .copied()
        .filter(|g| form_of(g.id).is_none())
        .collect();
    match unformed.len() {
        1 => Placement::Model(unformed[0]),
        0 if candidates.len() == 1 => Placement::Model(candidates[0]),
        0 => pick(candidates),
        _ => pick(unformed),
    }
}

/// What an offer states about its GPU beyond the model ID.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OfferGpu<'a> {
    /// The model ID as written in the offer.
    pub id: &'a str,
    /// The provider's instance name (`gpu_1x_h100_sxm5`, `p5.48xlarge`).
    pub instance_type: Option<&'a str>,
    /// The offer's memory per GPU, when stated.
    pub vram_gb: Option<u32>,
    /// The offer's interconnect, when known: `Some(true)` for NVLink/NVSwitch between
    /// SXM boards (`interconnect: nvlink`), `Some(false)` for PCIe only.
    pub nvlink: Option<bool>,
}

/// How a generic offer model was settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence {
    /// A word of the instance name states the form factor (`sxm5`, `pcie`, `nvl`).
    InstanceName(String),
    /// The offer's `interconnect` (NVLink between SXM boards, or PCIe only).
    Interconnect(FormFactor),
}

/// The GPU model an offer runs: the model as written, or — for a generic ID such as
/// `H100` or `A100-40GB` (form factor not stated) — the one model of its family that
/// the offer's own data settles: memory per GPU (the offer's `vram_gb`, else the
/// generic model's), and the form factor
/// from a word of the instance name or from the interconnect. Nothing is guessed: when
/// the data does not settle one model with a benchmark family, the written ID stays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved<'a> {
    /// The model ID used (the written one unless resolved).
    pub id: &'a str,
    /// What settled it, when it differs from the written ID.
    pub evidence: Option<Evidence>,
}

impl Resolved<'_> {
    /// True when the written ID was replaced.
    pub fn is_resolved(&self) -> bool {
        self.evidence.is_some()
    }
}

/// Resolves an offer's GPU model; see [`Resolved`].
pub fn resolve<'a>(o: OfferGpu<'a>) -> Resolved<'a> {
    let keep = Resolved {
        id: o.id,
        evidence: None,
    };
    let Some(written) = gpu_model(o.id) else {
        return keep;
    };
    if written.benchmark_family.is_some() {
        return keep;
    }
    let (form, evidence) = match o.instance_type.and_then(FormFactor::find_in) {
        Some((f, word)) => (f, Evidence::InstanceName(word)),
        None => match o.nvlink {
            Some(true) => (FormFactor::Sxm, Evidence::Interconnect(FormFactor::Sxm)),
            Some(false) => (FormFactor::Pcie, Evidence::Interconnect(FormFactor::Pcie)),
            None => return keep,
        },
    };
    // Not a memory word of the instance name: those often give the host's memory
    // (`gpu-h200-sxm_8gpu-128vcpu-1600gb`).
    let memory = o.vram_gb.unwrap_or(written.vram_gb);
    match place(&family(o.id), Some(memory), Some(form)) {
        Placement::Model(m) if m.benchmark_family.is_some() && form_of(m.id) == Some(form) => {
            Resolved {
                id: m.id,
                evidence: Some(evidence),
            }
        }
        _ => keep,
    }
}

/// [`resolve`] for a profile's offer: its instance name, memory and interconnect.
pub fn resolve_offer(o: &crate::model::provider::Offer) -> Resolved<'_> {
    use crate::model::provider::Interconnect;
    resolve(OfferGpu {
        id: &o.gpu_model,
        instance_type: o.instance_type.as_deref(),
        vram_gb: o.vram_gb,
        nvlink: match o.interconnect.get() {
            Some(Interconnect::Nvlink) => Some(true),
            Some(Interconnect::Pcie) => Some(false),
            _ => None,
        },
    })
}

/// The names from elsewhere (price catalogues) that [`place`] puts on this model,
/// in words: the family name with the memory and form factor that select it
/// (`H100` + SXM → `H100-SXM`; `A100` + 40 GB, no form factor → `A100-40GB`).
pub fn aliases(g: &GpuModel) -> Vec<String> {
    let fam = family(g.id);
    let mut out = Vec::new();
    let form = form_of(g.id).map(|f| match f {
        FormFactor::Sxm => "sxm",
        FormFactor::Pcie => "pcie",
        FormFactor::Nvl => "nvl",
    });
    let placed = |name: &str, f: Option<FormFactor>| matches!(place(name, Some(g.vram_gb), f), Placement::Model(m) if m.id == g.id);
    let f = form_of(g.id);
    if placed(&fam, f) {
        out.push(match form {
            Some(w) => format!("{fam} ({} GB, `{w}` in the instance name)", g.vram_gb),
            None => format!("{fam} ({} GB)", g.vram_gb),
        });
    }
    let with_memory = format!("{fam}-{}GB", g.vram_gb);
    if with_memory != g.id && placed(&with_memory, f) {
        out.push(match form {
            Some(w) => format!("{with_memory} (`{w}` in the instance name)"),
            None => with_memory,
        });
    }
    // Offers in profiles that write the generic ID and state the interconnect.
    if let Some(f @ (FormFactor::Sxm | FormFactor::Pcie)) = f {
        for generic in GPU_MODELS
            .iter()
            .filter(|m| m.benchmark_family.is_none() && family(m.id) == fam)
        {
            let r = resolve(OfferGpu {
                id: generic.id,
                instance_type: None,
                vram_gb: None,
                nvlink: Some(f == FormFactor::Sxm),
            });
            if r.id == g.id {
                out.push(format!(
                    "`{}` offers with interconnect `{}`",
                    generic.id,
                    if f == FormFactor::Sxm {
                        "nvlink"
                    } else {
                        "pcie"
                    }
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(name: &str, gb: Option<u32>, instance: &str) -> String {
        match place(name, gb, FormFactor::find_in(instance).map(|f| f.0)) {
            Placement::Model(m) => m.id.to_string(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn aliases_are_what_place_accepts() {
        let a = |id: &str| aliases(gpu_model(id).unwrap()).join("; ");
        assert_eq!(a("A100-40GB"), "A100 (40 GB)");
        assert_eq!(
            a("A100-SXM-80GB"),
            "A100 (80 GB, `sxm` in the instance name); A100-80GB (`sxm` in the instance name); `A100-80GB` offers with interconnect `nvlink`"
        );
        assert_eq!(
            a("H100-PCIe"),
            "H100 (80 GB, `pcie` in the instance name); H100-80GB (`pcie` in the instance name); `H100` offers with interconnect `pcie`"
        );
        assert!(a("H200-SXM").ends_with("`H200` offers with interconnect `nvlink`"));
        // H200 NVL cards are PCIe boards, but `pcie` does not say NVL: no alias.
        assert!(!a("H200-NVL").contains("interconnect"));
        assert_eq!(a("L40S"), "L40S (48 GB); L40S-48GB");
    }

    #[test]
    fn catalogue_names_are_placed_from_memory_and_instance_name() {
        assert_eq!(placed("A100", Some(40), "gpu_8x_a100"), "A100-40GB");
        assert_eq!(
            placed("A100", Some(40), "gpu_1x_a100_sxm4"),
            "A100-SXM-40GB"
        );
        assert_eq!(
            placed("A100-80GB", Some(80), "gpu_8x_a100_80gb_sxm4"),
            "A100-SXM-80GB"
        );
        assert_eq!(placed("A100-80GB", Some(80), "1A100.22V"), "A100-80GB");
        assert_eq!(placed("H100", Some(80), "gpu_1x_h100_pcie"), "H100-PCIe");
        assert_eq!(
            placed("H100", Some(80), "gpu-h100-sxm_8gpu-128vcpu-1600gb"),
            "H100-SXM"
        );
        assert_eq!(placed("H100", Some(80), "1H100.80S.32V"), "H100");
        assert_eq!(
            placed("H200", Some(141), "gpu-h200-sxm_1gpu-16vcpu-200gb"),
            "H200-SXM"
        );
        assert_eq!(placed("B200", Some(180), "gpu_8x_b200_sxm6"), "B200");
        assert_eq!(
            placed("L40S", Some(48), "gpu-l40s-a_1gpu-8vcpu-32gb"),
            "L40S"
        );
        assert_eq!(placed("GH200", Some(96), "gpu_1x_gh200"), "GH200");
        assert_eq!(
            placed("RTX-PRO-6000", Some(96), "1RTXPRO6000.30V"),
            "RTX-PRO-6000"
        );
        assert_eq!(placed("T4", Some(16), "g4dn.xlarge"), "Unknown");
        assert_eq!(
            placed("H100", Some(40), "x"),
            "MemoryMismatch { stated_gb: 40, known_gb: [80, 94] }"
        );
        // Without memory, a generic name with two generic models is ambiguous.
        assert_eq!(
            placed("A100", None, "x"),
            "Ambiguous([\"A100-40GB\", \"A100-80GB\"])"
        );
    }

    fn resolved(
        id: &str,
        instance: Option<&str>,
        vram: Option<u32>,
        nvlink: Option<bool>,
    ) -> String {
        let r = resolve(OfferGpu {
            id,
            instance_type: instance,
            vram_gb: vram,
            nvlink,
        });
        match r.evidence {
            Some(e) => format!("{} ({e:?})", r.id),
            None => r.id.to_string(),
        }
    }

    #[test]
    fn generic_offer_models_are_resolved_only_from_what_the_offer_states() {
        // The instance name states the form factor.
        assert_eq!(
            resolved("H100", Some("gpu_1x_h100_sxm5"), None, None),
            "H100-SXM (InstanceName(\"sxm5\"))"
        );
        assert_eq!(
            resolved("H100", Some("gpu_1x_h100_pcie"), None, None),
            "H100-PCIe (InstanceName(\"pcie\"))"
        );
        assert_eq!(
            resolved("H200", Some("gpu-h200-sxm_8gpu-128vcpu-1600gb"), None, None),
            "H200-SXM (InstanceName(\"sxm\"))"
        );
        // Memory from the instance name or the offer picks the model of the family.
        assert_eq!(
            resolved("A100-80GB", Some("gpu_8x_a100_80gb_sxm4"), None, None),
            "A100-SXM-80GB (InstanceName(\"sxm4\"))"
        );
        assert_eq!(
            resolved("A100-80GB", Some("x"), Some(80), Some(false)),
            "A100-PCIe-80GB (Interconnect(Pcie))"
        );
        // NVLink between SXM boards.
        assert_eq!(
            resolved("H200", Some("p5en.48xlarge"), None, Some(true)),
            "H200-SXM (Interconnect(Sxm))"
        );
        // Nothing stated: the written model stays (no basis later, with the reason).
        assert_eq!(resolved("H200", Some("p5en.48xlarge"), None, None), "H200");
        assert_eq!(resolved("H100", Some("1H100.80S.32V"), None, None), "H100");
        assert_eq!(resolved("A100-40GB", None, None, None), "A100-40GB");
        // An NVL word with 80 GB fits no NVL model: kept.
        assert_eq!(resolved("H100", Some("h100_nvl"), Some(80), None), "H100");
        // Specific and unknown models are never changed.
        assert_eq!(
            resolved("H100-PCIe", Some("gpu_1x_h100_sxm5"), None, None),
            "H100-PCIe"
        );
        assert_eq!(resolved("X1", Some("sxm"), None, None), "X1");
    }

    #[test]
    fn new_catalogue_models_place_the_skypilot_names() {
        assert_eq!(placed("V100", Some(16), "gpu_8x_v100"), "V100-16GB");
        assert_eq!(placed("A10", Some(24), "gpu_1x_a10"), "A10");
        assert_eq!(placed("A6000", Some(48), "gpu_1x_a6000"), "A6000");
        assert_eq!(placed("RTX6000", Some(24), "gpu_1x_rtx6000"), "RTX6000");
        assert_eq!(
            placed("RTX-6000-Ada", Some(48), "1RTX6000ADA.10V"),
            "RTX-6000-Ada"
        );
        // 268,288 MiB = 262 GiB against the 270 GB MLPerf states: within 4 %.
        assert_eq!(placed("B300", Some(262), "1B300.30V"), "B300");
        assert!(gpu_model("B300").and_then(|g| g.benchmark_family).is_some());
        for g in GPU_MODELS {
            assert!(!g.source.is_empty(), "{} has no source", g.id);
        }
    }

    #[test]
    fn catalogue_is_sorted_and_unique() {
        for w in GPU_MODELS.windows(2) {
            assert!(w[0].id < w[1].id, "{} before {}", w[0].id, w[1].id);
        }
        assert_eq!(gpu_model("H100-SXM").map(|g| g.vram_gb), Some(80));
        assert!(gpu_model("h100").is_none());
    }
}

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
}

/// Every GPU model cloudvet knows, sorted by ID.
pub const GPU_MODELS: &[GpuModel] = &[
    GpuModel {
        id: "A100-40GB",
        vendor: "NVIDIA",
        vram_gb: 40,
        benchmark_family: None,
        description: "NVIDIA A100 40 GB, form factor not stated",
    },
    GpuModel {
        id: "A100-80GB",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: None,
        description: "NVIDIA A100 80 GB, form factor not stated",
    },
    GpuModel {
        id: "A100-PCIe-80GB",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: Some("A100-PCIe-80GB"),
        description: "NVIDIA A100 80 GB PCIe",
    },
    GpuModel {
        id: "A100-SXM-40GB",
        vendor: "NVIDIA",
        vram_gb: 40,
        benchmark_family: Some("A100-SXM-40GB"),
        description: "NVIDIA A100 40 GB SXM",
    },
    GpuModel {
        id: "A100-SXM-80GB",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: Some("A100-SXM-80GB"),
        description: "NVIDIA A100 80 GB SXM",
    },
    GpuModel {
        id: "A10G",
        vendor: "NVIDIA",
        vram_gb: 24,
        benchmark_family: Some("A10G"),
        description: "NVIDIA A10G 24 GB (AWS g5)",
    },
    GpuModel {
        id: "B200",
        vendor: "NVIDIA",
        vram_gb: 180,
        benchmark_family: Some("B200"),
        description: "NVIDIA B200",
    },
    GpuModel {
        id: "GB200",
        vendor: "NVIDIA",
        vram_gb: 186,
        benchmark_family: Some("GB200"),
        description: "NVIDIA GB200 (Grace Blackwell)",
    },
    GpuModel {
        id: "GH200",
        vendor: "NVIDIA",
        vram_gb: 96,
        benchmark_family: Some("GH200"),
        description: "NVIDIA GH200 (Grace Hopper)",
    },
    GpuModel {
        id: "H100",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: None,
        description: "NVIDIA H100, form factor not stated",
    },
    GpuModel {
        id: "H100-NVL",
        vendor: "NVIDIA",
        vram_gb: 94,
        benchmark_family: Some("H100-NVL"),
        description: "NVIDIA H100 NVL 94 GB",
    },
    GpuModel {
        id: "H100-PCIe",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: Some("H100-PCIe"),
        description: "NVIDIA H100 80 GB PCIe",
    },
    GpuModel {
        id: "H100-SXM",
        vendor: "NVIDIA",
        vram_gb: 80,
        benchmark_family: Some("H100-SXM"),
        description: "NVIDIA H100 80 GB SXM5",
    },
    GpuModel {
        id: "H200",
        vendor: "NVIDIA",
        vram_gb: 141,
        benchmark_family: None,
        description: "NVIDIA H200 141 GB, form factor not stated",
    },
    GpuModel {
        id: "H200-NVL",
        vendor: "NVIDIA",
        vram_gb: 141,
        benchmark_family: Some("H200-NVL"),
        description: "NVIDIA H200 NVL 141 GB",
    },
    GpuModel {
        id: "H200-SXM",
        vendor: "NVIDIA",
        vram_gb: 141,
        benchmark_family: Some("H200-SXM"),
        description: "NVIDIA H200 141 GB SXM",
    },
    GpuModel {
        id: "L4",
        vendor: "NVIDIA",
        vram_gb: 24,
        benchmark_family: Some("L4"),
        description: "NVIDIA L4 24 GB",
    },
    GpuModel {
        id: "L40",
        vendor: "NVIDIA",
        vram_gb: 48,
        benchmark_family: Some("L40"),
        description: "NVIDIA L40 48 GB",
    },
    GpuModel {
        id: "L40S",
        vendor: "NVIDIA",
        vram_gb: 48,
        benchmark_family: Some("L40S"),
        description: "NVIDIA L40S 48 GB",
    },
    GpuModel {
        id: "MI300X",
        vendor: "AMD",
        vram_gb: 192,
        benchmark_family: Some("MI300X"),
        description: "AMD Instinct MI300X 192 GB",
    },
    GpuModel {
        id: "MI325X",
        vendor: "AMD",
        vram_gb: 256,
        benchmark_family: Some("MI325X"),
        description: "AMD Instinct MI325X 256 GB",
    },
    GpuModel {
        id: "MI355X",
        vendor: "AMD",
        vram_gb: 288,
        benchmark_family: Some("MI355X"),
        description: "AMD Instinct MI355X 288 GB",
    },
    GpuModel {
        id: "RTX-PRO-6000",
        vendor: "NVIDIA",
        vram_gb: 96,
        benchmark_family: Some("RTX-PRO-6000"),
        description: "NVIDIA RTX PRO 6000 Blackwell 96 GB",
    },
    GpuModel {
        id: "RTX4090",
        vendor: "NVIDIA",
        vram_gb: 24,
        benchmark_family: Some("RTX4090"),
        description: "NVIDIA GeForce RTX 4090 24 GB",
    },
];

/// Looks a model up by its catalogue ID (exact, case-sensitive).
pub fn gpu_model(id: &str) -> Option<&'static GpuModel> {
    GPU_MODELS.iter().find(|g| g.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_is_sorted_and_unique() {
        for w in GPU_MODELS.windows(2) {
            assert!(w[0].id < w[1].id, "{} before {}", w[0].id, w[1].id);
        }
        assert_eq!(gpu_model("H100-SXM").map(|g| g.vram_gb), Some(80));
        assert!(gpu_model("h100").is_none());
    }
}

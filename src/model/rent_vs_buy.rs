//! The rent-versus-buy file (`rent-vs-buy.yaml`, `kind: rent_vs_buy`): what owning
//! a GPU server costs, so `cloudvet cost` can set the cost per *used* GPU-hour of
//! owned hardware beside the cloud offers and find the break-even utilisation.
//! Every figure carries its source, or says that it is the buyer's own assumption.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{Amount, AsOf, CurrencyCode};

/// The `kind` a rent-vs-buy file declares.
pub const RENT_VS_BUY_KIND: &str = "rent_vs_buy";
/// The schema version this build reads.
pub const RENT_VS_BUY_SCHEMA_VERSION: u32 = 1;

/// Inputs for owning GPU servers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "cloudvet rent-vs-buy inputs")]
pub struct RentVsBuy {
    /// Always `rent_vs_buy`.
    pub kind: String,
    /// Schema version; this build reads version 1.
    pub schema_version: u32,
    /// Name shown in the output (e.g. the server model).
    pub name: String,
    /// GPU model ID of the server's GPUs; the cloud side uses offers of this model.
    pub gpu_model: String,
    /// Currency of all amounts in this file (ISO 4217).
    pub currency: CurrencyCode,
    /// Purchase price of one server (capex).
    pub server_price: Figure,
    /// GPUs in one server.
    pub gpus_per_server: Figure,
    /// Years the server is written off over.
    pub lifetime_years: Figure,
    /// Value of the server at the end of its lifetime.
    pub residual_value: Figure,
    /// Electrical power of the server under load, kW.
    pub power_kw_load: Figure,
    /// Electrical power of the server when idle, kW.
    pub power_kw_idle: Figure,
    /// Power usage effectiveness of the site (facility power / IT power).
    pub pue: Figure,
    /// Electricity price per kWh.
    pub electricity_price_per_kwh: Figure,
    /// Maintenance per year, percent of the server price.
    pub maintenance_pct_per_year: Figure,
    /// Hosting (rack space, network) per month.
    pub hosting_per_month: Figure,
    /// Staff cost per year attributable to the server.
    pub staff_per_year: Figure,
    /// Share of hours the GPUs are busy, percent.
    pub utilisation_pct: Figure,
}

/// One input figure with where it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    /// The value.
    pub value: Amount,
    /// Address or document the value comes from; absent = the buyer's own assumption.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// When the source stated it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<AsOf>,
    /// How the value was chosen or derived.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

//! The decision model's fixed texts: offer qualification, must-have states, the
//! shortlist groups, decision under unknowns and the recommendation states.

/// (key, English, German).
pub const TABLE: &[(&str, &str, &str)] = &[
    // Offer qualification
    ("qualify_yes", "qualifies", "geeignet"),
    ("qualify_no", "does not qualify", "nicht geeignet"),
    ("qualify_open", "open", "offen"),
    (
        "qualify_country_not_allowed",
        "its region is in {country}, a country the requirements do not allow",
        "seine Region liegt in {country}, einem Land, das die Anforderungen nicht zulassen",
    ),
    (
        "qualify_model_not_asked",
        "GPU model {model} is not among the required models",
        "GPU-Modell {model} gehört nicht zu den geforderten Modellen",
    ),
    (
        "qualify_memory_short",
        "{have} GB memory per GPU, the requirements ask for at least {need} GB",
        "{have} GB Speicher je GPU, gefordert sind mindestens {need} GB",
    ),
    (
        "qualify_too_few_gpus",
        "{have} GPUs per instance, the requirements ask for at least {need}",
        "{have} GPUs je Instanz, gefordert sind mindestens {need}",
    ),
    (
        "qualify_not_on_demand",
        "capacity only by {availability}, the requirements ask for on-demand capacity",
        "Kapazität nur per {availability}, gefordert ist Kapazität auf Abruf",
    ),
    (
        "qualify_open_region_not_listed",
        "region {region} is not listed in the profile, so its country is unknown",
        "Region {region} steht nicht im Profil, ihr Land ist daher unbekannt",
    ),
    (
        "qualify_open_region_unconfirmed",
        "the offers of region {region} are not confirmed for that region",
        "die Angebote der Region {region} sind für diese Region nicht bestätigt",
    ),
    (
        "qualify_open_memory_unknown",
        "the memory per GPU of {model} is unknown",
        "der Speicher je GPU von {model} ist unbekannt",
    ),
    (
        "qualify_open_availability_unknown",
        "whether capacity is available on demand is unknown",
        "ob Kapazität auf Abruf verfügbar ist, ist unbekannt",
    ),
    ("qualify_avail_on_demand", "on demand", "Abruf"),
    ("qualify_avail_reservation", "reservation", "Reservierung"),
    ("qualify_avail_waitlist", "waiting list", "Warteliste"),
    ("qualify_avail_marketplace", "marketplace", "Marktplatz"),
    (
        "qualify_kind_country",
        "in a country not allowed",
        "in einem nicht zulässigen Land",
    ),
    (
        "qualify_kind_model",
        "with a GPU model not asked for",
        "mit nicht gefordertem GPU-Modell",
    ),
    (
        "qualify_kind_memory",
        "with too little memory per GPU",
        "mit zu wenig Speicher je GPU",
    ),
    (
        "qualify_kind_gpus",
        "with too few GPUs per instance",
        "mit zu wenigen GPUs je Instanz",
    ),
    (
        "qualify_kind_on_demand",
        "not available on demand",
        "nicht auf Abruf verfügbar",
    ),
    (
        "qualify_kind_region_not_listed",
        "in a region the profile does not list",
        "in einer Region, die das Profil nicht aufführt",
    ),
    (
        "qualify_kind_region_unconfirmed",
        "in a region whose offers are unconfirmed",
        "in einer Region mit unbestätigten Angeboten",
    ),
    (
        "qualify_kind_memory_unknown",
        "with unknown memory per GPU",
        "mit unbekanntem Speicher je GPU",
    ),
    (
        "qualify_kind_availability_unknown",
        "with unknown on-demand availability",
        "mit unbekannter Verfügbarkeit auf Abruf",
    ),
    (
        "qualify_summary",
        "{qualifying} of {total} offers qualify",
        "{qualifying} von {total} Angeboten sind geeignet",
    ),
    (
        "qualify_summary_none",
        "the profile states no offers, so whether one qualifies is open",
        "das Profil nennt keine Angebote, ob eines geeignet ist, ist daher offen",
    ),
];

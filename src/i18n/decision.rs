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
    // Recommendation states: one sentence and a next step each
    ("rec_recommend_necessary", "Recommend {provider}: it meets every must-have and ranks first however the open facts turn out.", "Empfehlung: {provider}. Der Anbieter erfüllt alle Muss-Kriterien und liegt vorn, wie auch immer die offenen Punkte ausgehen."),
    ("rec_recommend_robust", "Recommend {provider}: it meets every must-have and stays first in most draws over the weights and the open facts.", "Empfehlung: {provider}. Der Anbieter erfüllt alle Muss-Kriterien und bleibt in den meisten Ziehungen über Gewichte und offene Punkte vorn."),
    ("rec_leads_open", "{provider} leads, but {n} must-haves are open: ask these {k} decisive questions first.", "{provider} liegt vorn, aber {n} Muss-Kriterien sind offen: Stellen Sie zuerst diese {k} entscheidenden Fragen."),
    ("rec_leads_no_offer", "{provider} leads, but none of its offers is known to qualify: ask these {k} decisive questions first.", "{provider} liegt vorn, aber von keinem seiner Angebote ist bekannt, dass es geeignet ist: Stellen Sie zuerst diese {k} entscheidenden Fragen."),
    ("rec_leads_unsettled", "{provider} leads, but first place is not settled: ask these {k} decisive questions first.", "{provider} liegt vorn, aber der erste Platz ist nicht gesichert: Stellen Sie zuerst diese {k} entscheidenden Fragen."),
    ("rec_none_no_providers", "No provider can be recommended: no provider profile was assessed.", "Kein Anbieter kann empfohlen werden: Es wurde kein Anbieterprofil bewertet."),
    ("rec_none_all_excluded", "No provider can be recommended: all {n} providers fail or have not proven a must-have.", "Kein Anbieter kann empfohlen werden: Alle {n} Anbieter verfehlen ein Muss-Kriterium oder haben es nicht nachgewiesen."),
    ("rec_next_recommend", "Next step: confirm the facts the decision rests on with {provider} (they are listed under its must-haves) and start the contract negotiation.", "Nächster Schritt: Die Fakten, auf denen die Entscheidung beruht, mit {provider} bestätigen (sie stehen bei seinen Muss-Kriterien) und die Vertragsverhandlung beginnen."),
    ("rec_next_leads", "Next step: send the questionnaire (cloudvet questionnaire --provider {id}), then assess again with the answers (--answers).", "Nächster Schritt: Den Fragebogen senden (cloudvet questionnaire --provider {id}) und mit den Antworten erneut bewerten (--answers)."),
    ("rec_next_leads_others", "Next step: send the questionnaires to {id} and to {others} (cloudvet questionnaire --provider ID), then assess again with the answers (--answers).", "Nächster Schritt: Die Fragebögen an {id} und an {others} senden (cloudvet questionnaire --provider ID) und mit den Antworten erneut bewerten (--answers)."),
    ("rec_next_no_providers", "Next step: add provider profiles (cloudvet init --providers … or --providers DIR).", "Nächster Schritt: Anbieterprofile hinzufügen (cloudvet init --providers … oder --providers DIR)."),
    ("rec_next_all_excluded", "Next step: review the must-haves that excluded each provider, relax a requirement only where you can justify it, or add providers.", "Nächster Schritt: Die Muss-Kriterien prüfen, an denen jeder Anbieter gescheitert ist, eine Anforderung nur mit Begründung lockern oder weitere Anbieter aufnehmen."),
    // Shortlist groups and decision figures (assess, report)
    ("dec_cleared", "Cleared (every must-have met)", "Freigegeben (alle Muss-Kriterien erfüllt)"),
    ("dec_open", "Open (must-haves not yet proven)", "Offen (Muss-Kriterien noch nicht nachgewiesen)"),
    ("dec_excluded", "Excluded", "Ausgeschlossen"),
    ("dec_failed", "failed", "verfehlt"),
    ("dec_unproven", "not proven", "nicht nachgewiesen"),
    ("dec_open_n", "{n} open must-haves", "{n} offene Muss-Kriterien"),
    ("dec_possible_winners", "Could still rank first", "Könnten noch vorn liegen"),
    ("dec_necessary_winner", "Ranks first however the open facts turn out", "Liegt vorn, wie auch immer die offenen Punkte ausgehen"),
    ("dec_no_necessary_winner", "No provider ranks first however the open facts turn out.", "Kein Anbieter liegt sicher vorn, wie auch immer die offenen Punkte ausgehen."),
    ("dec_decisive", "Decisive questions (most valuable first)", "Entscheidende Fragen (die wertvollsten zuerst)"),
    ("dec_must_have", "must-have", "Muss-Kriterium"),
    ("dec_points", "up to {points} points", "bis zu {points} Punkte"),
    ("dec_changes_leader", "can change the leader on its own", "kann allein die Spitze ändern"),
    ("dec_and_more", "and {n} more", "und {n} weitere"),
    ("dec_interval", "score range", "Punktespanne"),
    ("dec_moved_by_neither", "Neither the weights nor the open facts change the leader.", "Weder die Gewichte noch die offenen Punkte ändern die Spitze."),
    ("dec_moved_by_weights", "The weights move the ranking; the open facts do not.", "Die Gewichte bewegen die Rangfolge, die offenen Punkte nicht."),
    ("dec_moved_by_open_facts", "The open facts move the ranking; the weights do not.", "Die offenen Punkte bewegen die Rangfolge, die Gewichte nicht."),
    ("dec_moved_by_both", "Both the weights and the open facts move the ranking.", "Sowohl die Gewichte als auch die offenen Punkte bewegen die Rangfolge."),
    ("dec_facts_first", "Open facts drawn: {leader} first in {facts}; open facts and weights drawn: first in {both} ({samples} draws).", "Offene Punkte gezogen: {leader} vorn in {facts}; offene Punkte und Gewichte gezogen: vorn in {both} ({samples} Ziehungen)."),
    ("dec_offers", "offers", "Angebote"),
];

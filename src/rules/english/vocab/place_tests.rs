//! Words of pastimes, places and occasions with an everyday second sense, on sentences written
//! for the purpose: a trip to the shops, companies in Europe, packing for a house move, a death
//! anniversary.

use super::tests::{GYM, senses_in};

/// A personal-finance chat, a trip being planned and a family's move: the settings the sentences of the test below are
/// said in.
const FINANCE: &str = "I'm investing in ETFs and index funds, rebalancing my portfolio, preparing my estimated tax \
                       payments, raising my Roth IRA contributions and buying dividend stocks with my savings.";
const TRAVEL: &str = "We found direct flights and booked a hotel for the first five nights.";
const MOVING: &str = "We're moving to a new apartment on June 28 and the movers come at nine.";
/// A renter comparing places: leases, landlords, inspections.
const RENTING: &str = "I'm comparing two rentals, the lease starts in May, the landlord wants a deposit of two months' \
                       rent and the home inspection is on Friday.";

#[test]
fn words_of_pastimes_and_places_keep_their_other_sense() {
    let mut wrong = Vec::new();
    for (s, setting, not) in [
        (
            "Any tips on drawing trend lines and using alerts effectively?",
            FINANCE,
            "Drawing",
        ),
        (
            "I'd like to know how my creative spark can help me craft compelling pitches.",
            FINANCE,
            "Crafts",
        ),
        (
            "I'm considering investing in more tech stocks after the US-China trade talks.",
            FINANCE,
            "Asia",
        ),
        (
            "What specific renewable energy companies in Europe would you recommend?",
            FINANCE,
            "Europe",
        ),
        (
            "I've been following the US-China trade negotiations since February.",
            FINANCE,
            "Asia",
        ),
        (
            "I'm going to buy more stocks of companies in Europe.",
            FINANCE,
            "Europe",
        ),
        (
            "Can you remind me how to use coupons during our shopping trips?",
            FINANCE,
            "Trip Planning",
        ),
        ("I order flour online to reduce store trips.", FINANCE, "Trip Planning"),
        (
            "I made a quick trip to the pharmacy for her inhaler.",
            FINANCE,
            "Trip Planning",
        ),
        (
            "Christopher and I co-hosted a virtual seminar on dividend reinvestment.",
            FINANCE,
            "Parties",
        ),
        ("James offered to help with packing on June 28.", MOVING, "Packing"),
        (
            "What does it mean for radon test results to show safe levels?",
            RENTING,
            "Blood Tests",
        ),
        (
            "I'm preparing for my uncle's death anniversary next week.",
            GYM,
            "Marriage",
        ),
        ("It's the anniversary of his passing on Friday.", GYM, "Marriage"),
        ("My parents' anniversary dinner is on Saturday.", GYM, "Marriage"),
        ("My work anniversary is in May.", GYM, "Marriage"),
        (
            "At the library talk I met Dana, a retired civil engineer.",
            GYM,
            "Retirement",
        ),
        ("My retired dad drives me to practice.", GYM, "Retirement"),
        (
            "I posted my anniversary coping plan.",
            "My uncle passed away last year and the grief still comes in waves.",
            "Marriage",
        ),
    ] {
        let found = senses_in(s, setting);
        if found.iter().any(|g| g == not) {
            wrong.push(format!("{s}: {found:?}"));
        }
    }
    for (s, setting, want) in [
        ("We went on a trip to Thailand last spring.", FINANCE, "Asia"),
        ("I've been to Japan twice.", FINANCE, "Japan"),
        ("We want to do Tokyo, Kyoto and Osaka.", TRAVEL, "Japan"),
        (
            "We're already talking about going back next year, maybe to Hokkaido.",
            FINANCE,
            "Japan",
        ),
        // The clause the extractor reads of it.
        ("maybe to Hokkaido.", FINANCE, "Japan"),
        ("We're planning a trip to Lisbon in May.", FINANCE, "Trip Planning"),
        ("I'm packing my suitcase for the flight tomorrow.", GYM, "Packing"),
        ("I spent two weeks in Paris with my sister.", GYM, "Europe"),
        ("We're hosting a party for her birthday.", GYM, "Parties"),
        ("My blood test results came back normal.", RENTING, "Blood Tests"),
        ("I'm a retired nurse and I volunteer on Tuesdays.", GYM, "Retirement"),
        ("I retired last spring after thirty years.", GYM, "Retirement"),
        ("The doctor went over my test results with me.", GYM, "Blood Tests"),
        ("I've been drawing portraits of my cat every evening.", GYM, "Drawing"),
        ("Our anniversary is next Friday, ten years married.", GYM, "Marriage"),
        ("I booked a table for my wife's and my anniversary.", GYM, "Marriage"),
        (
            "Our wedding anniversary is on Friday.",
            "My uncle passed away last year and the grief still comes in waves.",
            "Marriage",
        ),
    ] {
        let found = senses_in(s, setting);
        if !found.iter().any(|g| g == want) {
            wrong.push(format!("{s}: {found:?} without {want}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

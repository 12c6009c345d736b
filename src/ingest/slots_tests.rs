//! Tests of the slots a turn states (age, home, work, the people named), on sentences written for the purpose.

use super::*;

fn said(text: &str) -> Vec<String> {
    stated(text)
        .into_iter()
        .map(|(h, s, v)| crate::event::slot_sentence("Pat", &h, s, None, &v))
        .collect()
}

#[test]
fn a_person_states_age_home_and_work_in_passing() {
    assert_eq!(
        said("I'm 60 and earning $85,000, will that be a problem?"),
        ["Pat is 60"]
    );
    assert_eq!(
        said("Hi! I live in Lisbon with my partner Ana."),
        ["Pat lives in Lisbon", "Ana is Pat's partner"]
    );
    assert_eq!(
        said("As a paramedic, how can I use sequences at work?"),
        ["Pat works as a paramedic"]
    );
    assert_eq!(
        said("I work as a nurse at the county hospital."),
        ["Pat works as a nurse"]
    );
    assert!(said("As a parent, how do I set limits?").is_empty());
    assert_eq!(
        said("I work as a financial analyst last I checked."),
        ["Pat works as a financial analyst"]
    );
    assert_eq!(
        said("I used my job as a paramedic to create examples."),
        ["Pat works as a paramedic"]
    );
    assert_eq!(
        said("I'm adjusting to my new responsibilities as an editorial manager and I'm grateful."),
        ["Pat works as an editorial manager"]
    );
    assert_eq!(
        said("How do I keep the 8% gain from my first month as a manager?"),
        ["Pat works as a manager"]
    );
    assert!(said("Her first year as a teacher was hard.").is_empty());
    assert!(said("He stayed for years as a volunteer, my mentor says.").is_empty());
    assert_eq!(said("It was my friend Kendra's idea."), ["Kendra is Pat's friend"]);
    assert!(said("As an older sibling, what can I do?").is_empty());
    assert_eq!(
        said("As an Architectural Technologist, I blend creativity with functionality."),
        ["Pat works as an architectural technologist"]
    );
    assert!(said("As a first-time home buyer, should I wait?").is_empty());
    assert_eq!(
        said("How can someone like me, who's 23, start investing?"),
        ["Pat is 23"]
    );
    assert!(said("Tell me, is 23 too young?").is_empty());
    assert_eq!(
        said("Hi! I'm Priya, 34, and I just bought an old terraced house in Leeds."),
        ["Pat is 34", "Pat lives in Leeds"]
    );
    assert_eq!(said("My name is Jonas, 41 years old."), ["Pat is 41"]);
    assert_eq!(
        said("I'm Noor, a backend developer. Our service stores orders."),
        ["Pat works as a backend developer"]
    );
    assert_eq!(
        said("I'm Priya, 34, a nurse in Leeds."),
        ["Pat is 34", "Pat works as a nurse"]
    );
    assert!(said("I'm Sam, a friend of Alex.").is_empty());
    // A plan to move says where one will live, not where one lives.
    assert!(said("We're moving to Valencia in 2026.").is_empty());
    assert!(said("I'm Priya, Sam's sister.").is_empty());
    assert!(said("We bought a house plant in Ikea.").is_empty());
    assert_eq!(
        said("Living in Adamsstad, Equatorial Guinea, I feel a bit isolated."),
        ["Pat lives in Adamsstad"]
    );
    assert!(said("I hate living in fear.").is_empty());
    assert_eq!(
        said("We moved to Porto last month, and now I work as a teacher."),
        ["Pat lives in Porto", "Pat works as a teacher"]
    );
    assert_eq!(
        said("As a paramedic with a passion for coding, I'm excited to start this project."),
        ["Pat works as a paramedic"]
    );
    assert_eq!(
        said("As a science writer in New Gary, Saint Helena, earning about $48,000 annually, I want to invest."),
        ["Pat lives in New Gary", "Pat works as a science writer"]
    );
    assert!(said("As a parent of two teens, I worry.").is_empty());
    assert!(said("As a matter of fact, I think so.").is_empty());
    assert!(said("As a result of the move, I sleep less.").is_empty());
    assert_eq!(said("We moved to New York last spring."), ["Pat lives in New York"]);
    assert_eq!(
        said("How do I plan my outreach as a paramedic from Davistown, Palau?"),
        ["Pat lives in Davistown", "Pat works as a paramedic"]
    );
    assert_eq!(said("I'm from Porto, by the way."), ["Pat lives in Porto"]);
    assert_eq!(
        said("As someone who's 46, is it worth buying a stand mixer for my home in Faro?"),
        ["Pat is 46", "Pat lives in Faro"]
    );
    assert_eq!(said("As a person who is 60, can I still start running?"), ["Pat is 60"]);
    assert_eq!(said("As a 52-year-old, should I switch careers?"), ["Pat is 52"]);
    assert!(said("As someone who's 5 minutes late, I apologise.").is_empty());
    assert_eq!(said("Our new apartment in Leeds is tiny."), ["Pat lives in Leeds"]);
    assert!(said("My old house in Leeds had a garden.").is_empty());
    assert!(said("My home in the suburbs is quiet.").is_empty());
    assert_eq!(
        said("How do I balance my science writing career with cooking?"),
        ["Pat works in science writing"]
    );
    assert_eq!(said("I love my career in nursing."), ["Pat works in nursing"]);
    assert!(said("My promising career stalled.").is_empty());
    assert!(said("My career is stalling.").is_empty());
    assert!(said("I'm from the team that built it.").is_empty());
}

#[test]
fn named_people_and_their_ages() {
    assert_eq!(
        said("How can I help my brother Scott, who's 12, with math?"),
        ["Scott is Pat's brother", "Scott is 12"]
    );
    assert_eq!(
        said("given that my mom Cynthia is 53 and might need support"),
        ["Cynthia is Pat's mom", "Cynthia is 53"]
    );
    assert_eq!(
        said("What's the best way to help my 12-year-old brother Scott?"),
        ["Scott is Pat's brother", "Scott is 12"]
    );
    assert_eq!(
        said("My mom, Katherine, who's 65, lives 12 miles away and visits us twice a month"),
        ["Katherine is Pat's mom", "Katherine is 65"]
    );
    assert!(said("My sister, Anna, and I went to Porto").is_empty());
    assert!(said("My mom, Dad, and I cooked").is_empty());
    assert_eq!(
        said("like my best friend Anthony suggested"),
        ["Anthony is Pat's best friend"]
    );
    assert_eq!(
        said("We moved! I'm in a two-bedroom condo in Columbus now, ten minutes from Elena."),
        ["Pat lives in Columbus"]
    );
    assert_eq!(
        said("I earn 72,000 a year as a school librarian in Dayton."),
        ["Pat lives in Dayton", "Pat works as a school librarian"]
    );
    assert_eq!(said("We're renting a flat in Leeds for now."), ["Pat lives in Leeds"]);
    assert!(said("I'm in a bad mood in Paris.").is_empty());
    assert_eq!(
        said("My lab partner Chidi and I keep getting low yields."),
        ["Chidi is Pat's lab partner"]
    );
    assert_eq!(
        said("I asked my tennis coach Rui about it."),
        ["Rui is Pat's tennis coach"]
    );
    assert_eq!(said("I told my partner Sam and my sister."), ["Sam is Pat's partner"]);
    assert_eq!(said("My cofounder Lena joined this week."), ["Lena is Pat's cofounder"]);
}

#[test]
fn a_huge_turn_is_read_in_bounded_work() {
    let text = (0..20_000)
        .map(|i| format!("my friend Name{i} is {} ", i % 90 + 1))
        .collect::<String>();
    assert_eq!(stated(&text).len(), MOST);
}

#[test]
fn numbers_and_words_that_are_not_slots() {
    for s in [
        "I'm 5 minutes late.",
        "I'm a bit confused about series.",
        "I'm 100% sure.",
        "my brother is great",
        "I live in fear of deadlines.",
        "I'm 200 lines into the refactor.",
        "",
        "my",
        "I'm",
        "漢字 my brother 漢字",
    ] {
        assert!(said(s).is_empty(), "{s}: {:?}", said(s));
    }
}

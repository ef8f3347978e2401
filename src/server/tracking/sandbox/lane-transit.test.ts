// Port-to-port transit times of every lane the sandbox sells, against what carriers publish: the trades in
// PUBLISHED (ranges from the lines' and forwarders' published schedules), and for every lane a bound from its
// direct sea passage.
import { describe, expect, it } from "vitest";
import { DAY } from "../../../api/durations";
import { SHIPPING_LINES } from "../../db/reference/shipping-lines";
import { type Lane, lanesOf } from "./lanes";
import { seaDistanceNm } from "./sea-legs";
import { EPOCH, firstSailingArrivingFrom } from "./service-schedule";
import { laneVoyage } from "./shipment-timeline";

// Ports by coast, as schedules group them.
const CHINA = ["CNTXG", "CNDLC", "CNTAO", "CNSHA", "CNNGB", "CNXMN", "CNSHK", "CNYTN", "CNNSA", "HKHKG"];
const KOREA = ["KRPUS", "KRKAN"];
const JAPAN = ["JPTYO", "JPYOK", "JPNGO", "JPUKB", "JPHKT"];
const US_WEST_COAST = ["USLAX", "USLGB", "USOAK", "USSEA", "USTIW"];
const US_EAST_COAST = ["USNYC", "USPHL", "USBAL", "USORF", "USCHS", "USSAV", "USJAX", "USMIA", "USPEF"];
const US_GULF = ["USHOU", "USMOB", "USMSY"];
const NORTH_EUROPE = [
  "NLRTM",
  "DEHAM",
  "BEANR",
  "GBFXT",
  "DEWVN",
  "GBLGP",
  "GBSOU",
  "DEBRV",
  "GBLIV",
  "FRLEH",
];
const WEST_MED = ["ITGOA", "FRMRS", "ESBCN", "ESVLC", "ITGIT", "ITVDL", "ESALG", "ITSPE", "MAPTM", "MTMAR"];
const EAST_MED = ["GRPIR", "ILHFA", "TRMER", "TRAMR", "TRGEM", "TRIZM"];
const STRAITS = ["SGSIN", "MYTPP", "MYPKG", "MYPEN"];
const SOUTHEAST_ASIA = [
  ...STRAITS,
  "VNCMT",
  "VNSGN",
  "VNHPH",
  "THLCH",
  "IDJKT",
  "IDSRG",
  "IDSUB",
  "IDBLW",
  "PHMNL",
];
const INDIAN_SUBCONTINENT = ["LKCMB", "INNSA", "INMUN", "PKKHI", "PKBQM", "INCOK", "INMAA"];
const GULF = ["AEJEA", "AEKHL", "SADMM", "OMSLL", "QAHMD", "KWSWK", "IQUQR"];
const WEST_AFRICA = ["NGAPP", "GHTEM", "CIABJ", "SNDKR"];
const SOUTH_AFRICA = ["ZADUR", "ZACPT", "ZAZBA"];
const OCEANIA = ["AUMEL", "AUSYD", "AUBNE", "NZAKL", "NZTRG", "NZLYT"];
const SOUTH_AMERICA_EAST = ["BRSSZ", "BRPNG", "UYMVD", "ARBUE", "BRRIG", "BRIOA"];
const AMERICA_WEST_COAST = ["MXZLO", "MXLZC", "ECGYE", "PECLL", "CLSAI"];
const CARIBBEAN = [
  "PACTB",
  "PABLB",
  "PAMIT",
  "COCTG",
  "CRMOB",
  "HNPCR",
  "GTSTC",
  "PRSJU",
  "DOCAU",
  "JMKIN",
  "TTPOS",
];

interface Published {
  from: readonly string[];
  to: readonly string[];
  /** Port to port, from the departure at the first to the arrival at the last, in days. */
  days: readonly [number, number];
  /** Only lanes sailed on one ship, or only those relayed at a hub; both when absent. */
  only?: "direct" | "relayed";
}

/** Both directions of a trade, where schedules publish about the same range each way. */
const both = (
  from: readonly string[],
  to: readonly string[],
  days: readonly [number, number],
): Published[] => [
  { from, to, days },
  { from: to, to: from, days },
];

/**
 * Published port-to-port ranges: every lane the sandbox sells between these ports must plan within them. Each is
 * what published schedules give on the trade's loops (carriers' pro formas, forwarders' transit tables), rounded
 * outwards a little, as a range covers the first and the last call of a coast.
 */
const PUBLISHED: readonly Published[] = [
  // ---- The lanes of issue 30 ----
  // The main transpacific lanes: Shanghai/Ningbo → Los Angeles/Long Beach 12–15 d on direct loops, Yantian 14–17,
  // Qingdao → Seattle 13–15; the second US call (Oakland, Tacoma) 2–3 days after the first.
  { from: CHINA, to: US_WEST_COAST, days: [11, 18], only: "direct" },
  // Relayed at Busan (Tianjin and Dalian by feeder, or another loop of the line): the 2–4 days to Busan and a
  // connection of 1–6 days on top of Busan → West Coast (10–13): forwarders publish 16–23 d for North China.
  { from: CHINA, to: US_WEST_COAST, days: [15, 23], only: "relayed" },
  // Through Panama: Shanghai → Savannah 27–31, → New York 30–34; through Suez: Yantian → New York 33–37.
  { from: CHINA, to: US_EAST_COAST, days: [25, 38] },
  // Direct North China – Straits loops (Tianjin, then Singapore): 6–8 d.
  { from: ["CNTXG"], to: ["SGSIN"], days: [6, 8] },
  // Vietnam – China loops: Cai Mep → Shanghai 5–7 d with a call in South China on the way.
  { from: ["VNCMT"], to: ["CNSHA"], days: [5, 7] },
  // South China – Java: Hong Kong → Semarang 5–7 d direct, up to 9 with a call at Jakarta or a relay at Singapore.
  { from: ["HKHKG"], to: ["IDSRG"], days: [5, 9] },
  // Japan's last call eastbound: Tokyo → Oakland and Tokyo → Seattle 10–12 d.
  { from: ["JPTYO"], to: ["USOAK", "USSEA"], days: [10, 12] },
  // Mexico's Pacific ports → Singapore: back across to North Asia (15–18 d) and south from a hub, 25–35 in all.
  { from: ["MXLZC"], to: ["SGSIN"], days: [25, 35] },

  // ---- Transpacific and the Americas ----
  // Westbound: Los Angeles → Shanghai 13–17, Oakland → Yantian 16–20, relays through Busan up to 22.
  { from: US_WEST_COAST, to: CHINA, days: [11, 22] },
  // Shanghai → Houston 24–30 d through Panama (fewer calls on the way than the East Coast loops), New Orleans 30–35.
  { from: CHINA, to: US_GULF, days: [24, 36] },
  // New York → Shanghai 30–35 through Panama, Savannah → Yantian 28–33; relays at Singapore or Busan up to 40.
  { from: [...US_EAST_COAST, ...US_GULF], to: CHINA, days: [23, 40] },
  // Busan → Los Angeles 10–13, Long Beach → Busan 12–15 (via Qingdao and Shanghai on the westbound loops, 20).
  ...both(KOREA, US_WEST_COAST, [10, 20]),
  // Busan → New York / Savannah 23–28 through Panama; westbound 22–29.
  ...both(KOREA, [...US_EAST_COAST, ...US_GULF], [21, 32]),
  // Tokyo/Kobe → Los Angeles/Oakland 10–15, and back 11–15.
  ...both(JAPAN, US_WEST_COAST, [10, 16]),
  // Shanghai → Manzanillo (MX) 16–20, → Callao 24–28, → San Antonio 28–35 (relays at Busan up to 37); back 16–32.
  { from: CHINA, to: AMERICA_WEST_COAST, days: [15, 37] },
  { from: AMERICA_WEST_COAST, to: CHINA, days: [15, 32] },
  // Shanghai → Santos 30–35 (Singapore relays up to 36); Santos → Shanghai 32–38, to North China up to 42.
  { from: CHINA, to: SOUTH_AMERICA_EAST, days: [24, 37] },
  { from: SOUTH_AMERICA_EAST, to: CHINA, days: [24, 42] },
  // Sydney → Los Angeles 17–21, Auckland → Los Angeles 13–15; Los Angeles → Sydney 18–23.
  ...both(OCEANIA, US_WEST_COAST, [13, 24]),
  // Caribbean and Central America to and from the US coasts: Kingston → Miami 3–5, Cristobal → New York 6–7.
  ...both(CARIBBEAN, [...US_EAST_COAST, ...US_GULF], [1.5, 8]),

  // ---- Asia – Europe and the Mediterranean ----
  // Shenzhen → Rotterdam 25–30, Ningbo → Hamburg 28–33, Qingdao → Felixstowe 33–35; North China relays up to 40.
  { from: [...CHINA, ...KOREA], to: NORTH_EUROPE, days: [22, 40] },
  // Rotterdam → Shanghai 30–35, Hamburg → Yantian 26–30, Felixstowe → Busan 30–33; relays up to 40.
  { from: NORTH_EUROPE, to: [...CHINA, ...KOREA], days: [22, 40] },
  // Yantian → Gioia Tauro 18–21 (the first Mediterranean call), Shanghai → Genoa 26–30, → Valencia 28–32.
  ...both(CHINA, WEST_MED, [17, 34]),
  // Shanghai → Piraeus 22–26, Haifa 24–28; westbound Mersin → Ningbo 24–28.
  ...both(CHINA, EAST_MED, [14, 27]),
  // Singapore → Rotterdam 19–24, Jakarta or Laem Chabang → Rotterdam 24–30 through Singapore, Surabaya up to 33;
  // and back.
  ...both(SOUTHEAST_ASIA, NORTH_EUROPE, [18, 33]),
  // Singapore → Genoa 15–19, Valencia 18–21; outports through Singapore up to 27.
  ...both(SOUTHEAST_ASIA, WEST_MED, [13, 27]),

  // ---- Asia – Asia ----
  // Shenzhen → Singapore 3–5, Shanghai → Singapore 5–7, Qingdao → Port Klang 8–10; relays to Penang up to 12.
  ...both(CHINA, STRAITS, [3, 12]),
  // Shanghai → Jakarta 7–10, Hong Kong → Surabaya 6–8; through Singapore up to 13.
  ...both(CHINA, ["IDJKT", "IDSRG", "IDSUB", "IDBLW"], [4, 13]),
  // Hong Kong → Ho Chi Minh City 2–3, Shanghai → Laem Chabang 7–9, Laem Chabang → Shanghai 7–9.
  ...both(CHINA, ["VNCMT", "VNSGN", "VNHPH", "THLCH"], [1.5, 10]),
  // Shanghai → Nhava Sheva 16–20, Shenzhen → Chennai 10–12 (relay), Qingdao → Karachi 19–21; back 9–18.
  ...both(CHINA, INDIAN_SUBCONTINENT, [8, 22]),
  // Shanghai → Jebel Ali 16–20, Tianjin → Jebel Ali 18–22, Shanghai → Dammam 20–23; back 14–19.
  ...both(CHINA, GULF, [12, 24]),
  // Shanghai → Sydney 12–16, → Brisbane 10–12, → Lyttelton 18–20; back 12–18.
  ...both([...CHINA, ...KOREA], OCEANIA, [9, 20]),

  // ---- Atlantic, Africa, India ----
  // Rotterdam → New York 8–10, Antwerp → Savannah 12–14, Bremerhaven → Charleston 13–15; westbound the same.
  ...both(NORTH_EUROPE, US_EAST_COAST, [7, 16]),
  // Valencia → New York 10–12, Genoa → Savannah 14–16.
  ...both(WEST_MED, US_EAST_COAST, [8, 17]),
  // Mersin → New York 15–18, Ambarli → Savannah 17–19.
  ...both(EAST_MED, US_EAST_COAST, [11, 20]),
  // Nhava Sheva → New York 22–28 through Suez, Colombo relays up to 31; and back.
  ...both(INDIAN_SUBCONTINENT, US_EAST_COAST, [19, 32]),
  // Le Havre → Santos 13–15, Rotterdam → Buenos Aires 20–23, Rio Grande → Rotterdam 21–24.
  ...both(NORTH_EUROPE, SOUTH_AMERICA_EAST, [11, 24]),
  // Rotterdam → Cape Town 16–18, → Durban 20–23; and back.
  ...both(NORTH_EUROPE, SOUTH_AFRICA, [14, 24]),
  // Rotterdam → Guayaquil 17–19, → Callao 20–23 through Panama; and back.
  ...both(NORTH_EUROPE, AMERICA_WEST_COAST, [14, 25]),
  // Shanghai → Lagos or Tema 30–35, Abidjan 30–34; westbound up to 40 to North China.
  { from: CHINA, to: WEST_AFRICA, days: [23, 35] },
  { from: WEST_AFRICA, to: CHINA, days: [23, 40] },
  // Rotterdam → Felixstowe, Algeciras, Tanger Med, Gioia Tauro: 3–8 d.
  ...both(NORTH_EUROPE, WEST_MED, [3, 10]),
];

/**
 * Bounds on any lane from its direct sea passage D (the shortest sea route between its two ports): carriers plan
 * 14 to 20 knots at sea, a loop's calls on the way add up to about five days (Rotterdam → Rio Grande calls at five
 * ports first), and a relay up to three more in the hub. So every lane plans between D at 20 knots and D at 14
 * knots plus five days (eight relayed): Shanghai → Los Angeles, 5,900 nm, 12.3–22.6 d; Tianjin → Singapore,
 * 2,800 nm, 5.9–13.4 d.
 */
function passageBounds(lane: Lane): readonly [number, number] {
  const nm = seaDistanceNm(lane.pol, lane.pod);
  const relays = lane.legs.length - 1;
  return [nm / 20 / 24, nm / 14 / 24 + 5 + 3 * relays];
}

/** The plan, as a line publishes it before anything has happened (no delay announced yet). */
const PLANNED = { kind: "published", now: EPOCH } as const;
/** A quarter of weekly sailings from the start of 2026, when the sandbox is used. */
const FROM = Date.UTC(2026, 0, 1);
const SAILINGS = 13;

interface Transit {
  scac: string;
  lane: Lane;
  days: number[];
}

function transits(): Transit[] {
  const all: Transit[] = [];
  for (const { scac } of SHIPPING_LINES) {
    for (const lane of lanesOf(scac)) {
      const first = lane.legs[0];
      const s0 = firstSailingArrivingFrom(first.layout, first.fromCall, FROM);
      const days = Array.from({ length: SAILINGS }, (_, k) => {
        const legs = laneVoyage(lane, s0 + k, PLANNED);
        const departure = legs[0]?.from.departure ?? 0;
        const arrival = legs[legs.length - 1]?.to.arrival ?? 0;
        return (arrival - departure) / DAY;
      });
      all.push({ scac, lane, days });
    }
  }
  return all;
}

const ALL = transits();

const routing = (lane: Lane) =>
  lane.legs
    .map(
      (l) =>
        `${l.layout.service.code} ${l.layout.service.calls[l.fromCall]}→${l.layout.service.calls[l.toCall]}`,
    )
    .join(", ");
const outside = (days: readonly number[], [lo, hi]: readonly [number, number]) =>
  days.filter((d) => d < lo || d > hi);
const fits = (row: Published, lane: Lane) =>
  row.from.includes(lane.pol) &&
  row.to.includes(lane.pod) &&
  (row.only === undefined || (row.only === "direct") === (lane.legs.length === 1));

describe("lane transit times", () => {
  it("are within the published range on every lane of the trades in the table, and each trade is sold", () => {
    const problems: string[] = [];
    for (const row of PUBLISHED) {
      const lanes = ALL.filter((t) => fits(row, t.lane));
      if (lanes.length === 0) problems.push(`no line sells ${row.from.join("/")} → ${row.to.join("/")}`);
      for (const t of lanes) {
        const wrong = outside(t.days, row.days);
        if (wrong.length > 0) {
          problems.push(
            `${t.scac} ${t.lane.pol} → ${t.lane.pod} (${routing(t.lane)}): ${wrong[0]?.toFixed(1)} d, published ${row.days[0]}–${row.days[1]}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("are within the bounds of the direct sea passage on every lane of every line", () => {
    const problems: string[] = [];
    for (const t of ALL) {
      const bounds = passageBounds(t.lane);
      const wrong = outside(t.days, bounds);
      if (wrong.length > 0) {
        problems.push(
          `${t.scac} ${t.lane.pol} → ${t.lane.pod} (${routing(t.lane)}): ${wrong[0]?.toFixed(1)} d, bounds ${bounds[0].toFixed(1)}–${bounds[1].toFixed(1)}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it("cover most of what is sold with a published range", () => {
    const covered = ALL.filter((t) => PUBLISHED.some((row) => fits(row, t.lane))).length;
    expect(covered / ALL.length).toBeGreaterThan(0.6);
  });
});

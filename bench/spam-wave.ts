/**
 * A generated spam wave (docs/decisions/020 "The check"): 2,000 spam texts from 500 fresh accounts and
 * 2,000 ordinary neighbourly texts from 500 others, every one written by a newcomer (the level held at
 * the lowest score), in eight languages. Deterministic for a seed (pure-rand), so two runs compare.
 *
 * Spam comes in campaigns: one sender's template sent again and again with the names, amounts, links
 * and words around it changed — as spam waves are — asking for money up front, carrying payment and
 * chat links or shortened ones, moving the talk to a phone, an email or a chat app (numbers written
 * plainly, spaced out, or spelled with lookalike letters), or promising money. Six campaigns
 * (`UNSEEN_CAMPAIGNS`) were written after the check's word lists were fixed and carry none of them. Ordinary texts are what neighbours write: asking for a portion, arranging a
 * pickup with times, door codes and addresses, allergies, thanks, a recipe link now and then, paying
 * at pickup for a paid meal.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export type WaveKind = "message" | "request" | "meal";
export interface WaveText {
  spam: boolean;
  /** The index of its writer among the wave's spam (or ordinary) accounts. */
  writer: number;
  kind: WaveKind;
  text: string;
  /** The campaign a spam text belongs to (near-copies share one), or -1. */
  campaign: number;
  /** A campaign written after the word lists were fixed (`UNSEEN_CAMPAIGNS`). */
  unseen: boolean;
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: a Cash App tag is "$" then the handle.
const SPAM_CAMPAIGNS: readonly string[] = [
  "Hi {name}! To reserve this meal please send a small deposit of {amount} first to paypal.me/{handle}, then I collect tonight",
  "{greeting} I pay double if you send it by courier, just pay the delivery fee {amount} via cash app ${handle}",
  "Contact me on WhatsApp {phone} for more homemade food at half price, {greeting}",
  "{greeting} message me on telegram t.me/{handle} I have many meals cheap every day",
  "Free groceries for all neighbours!! Claim yours here {short} before it ends",
  "Earn {amount} a day from home, no experience, guaranteed profit. Email me {email}",
  "Bitcoin investment for neighbours, double your money in one week, text me {phone}",
  "Envíame {amount} por bizum para reservar la comida, mi número es {phone}",
  "Hola {name}, escríbeme al WhatsApp {phone} y te guardo más raciones",
  "Schick mir {amount} per PayPal an {email}, dann reserviere ich dir die Portion",
  "Bitte Vorkasse {amount} per Überweisung, IBAN DE{digits}, danach hole ich es ab",
  "Bonjour {name}, envoyez-moi {amount} par virement ou Lydia pour réserver, contactez-moi au {phone}",
  "Merhaba, kapora olarak {amount} papara ile gönder, numaram {phone}",
  "Cześć {name}, zrób przelew {amount} na konto i napisz do mnie na WhatsApp {phone}",
  "Привіт, надішліть передоплату {amount} на картку, мій номер {phone}",
  "مرحبا {name}، أرسل المال {amount} عبر حوالة ثم راسلني على واتساب {phone}",
  "{greeting} cheap meal boxes every week, order at {payment} and get yours delivered",
  "Gift card needed {amount}: buy an iTunes card and send me the code, then the meal is yours",
  "Loan offer for neighbours at 2%, instant approval, click here {short}",
  "{greeting} I have more food, add me on snapchat {handle} or insta {handle}",
  "Wow {name} you won a free dinner voucher, claim your prize at {short} now",
  "dm me on i n s t a g r a m for the price, {greeting}",
  "Send the money first via W e s t e r n U n i o n and I deliver",
  "p a y p a l me {amount} and it is yours {greeting}",
  "Call me at 0 7 9 1 1 - 1 2 3 - 4 5 6 for more, {greeting}",
  "{greeting} my wh@tsapp is {phone}, write there not here",
  "Check my profile page for a special offer on weekly meal boxes, limited places, {greeting}",
  "{greeting} I sell these meals cheaper if you buy five, reply with your address",
];

/**
 * Campaigns written after the check's word lists were fixed, and never added to them: what a new wave
 * looks like to the words. Only the signature of one removed after a neighbour reported it holds them.
 */
const UNSEEN_CAMPAIGNS: readonly string[] = [
  "{greeting} looking for people to join my home business, all you need is a phone, ask me for details",
  "I have extra baby formula and nappies for sale, very good price, whoever is interested answer fast",
  "Selling two concert tickets cheap, last ones, tell me here and I hold them for you",
  "{greeting} I saw your profile, I am new in town and lonely, looking for a kind friend to talk with every day",
  "Your MealShare account will be closed today, verify your details at mealshare-support.help/verify",
  "Get three months of free meals delivered to your door, you only cover the postage, answer YES",
];

const ORDINARY: readonly string[] = [
  "Hi {name}, could I have one portion please? I can come at {time}.",
  "Thank you so much! I'll be there between {time} and {time2}.",
  "Is it still available? My kids love {dish}.",
  "I'm at the door, the bell doesn't work, I'll knock.",
  "Running a bit late, sorry, about ten minutes.",
  "Does it contain nuts? My daughter is allergic.",
  "Lovely, thanks! The {dish} was delicious, we finished it all.",
  "Pickup at {address}, flat {flat}, door code {code}. Ring twice.",
  "I can bring back your container tomorrow morning.",
  "Could I come a bit earlier, around {time}? If not, no problem.",
  "I'll pay the {price} at pickup in cash, is that OK?",
  "Fresh {dish} made this afternoon, too much for the two of us. Mild, no chilli.",
  "Homemade {dish}, vegetarian. Pick up from {address} between {time} and {time2}.",
  "Leftover {dish} from a family dinner, still warm. Bring a box if you have one.",
  "Spare portions of {dish}, made with garden vegetables. Contains celery.",
  "Recipe if you want to try it: https://www.bbcgoodfood.com/recipes/{slug}",
  "Weekly soup for the street: this week {dish}. Please bring your own jar.",
  "Hola {name}, ¿me guardas una ración? Paso a las {time}.",
  "¡Gracias! Estaba riquísimo, mañana te devuelvo el táper.",
  "Hallo {name}, kann ich eine Portion haben? Ich komme gegen {time}.",
  "Danke! Ich stehe unten vor der Tür, Klingel geht nicht.",
  "Bonjour {name}, est-ce qu'il reste une part ? Je peux passer à {time}.",
  "Merci beaucoup, c'était délicieux !",
  "Merhaba {name}, bir porsiyon alabilir miyim? Saat {time} gibi gelirim.",
  "Cześć {name}, czy mogę wziąć jedną porcję? Będę o {time}.",
  "Привіт, {name}! Чи можна одну порцію? Я прийду о {time}.",
  "مرحبا {name}، هل يمكنني أخذ حصة واحدة؟ سآتي الساعة {time}.",
  "We're vegan, is the {dish} made without butter?",
  "Sorry, I have to cancel, something came up at work. Thanks anyway!",
  "The gate is on the left side of the building, second door, {address}.",
  "Can I pay by card? If not I'll bring {price} in cash.",
  "My number changed, but I'll just use the app to message you here.",
  "Text me when you're outside and I'll come down.",
  "I'll send my husband to pick it up, he's tall with a red coat.",
  "Can you leave it with the concierge? I'll pay the {price} tomorrow.",
  "Sorry for the late reply, I was at work. Is {time} still fine?",
  "Happy to swap: I made too much {dish} as well!",
  "Ich zahle die {price} bar bei der Abholung.",
  "Pago los {price} en efectivo al recoger, ¿vale?",
];

const FILL = {
  name: ["Tom", "Aisha", "Maria", "Lukas", "Chloé", "Mehmet", "Olena", "Piotr", "Noor", "Sam"],
  greeting: ["Hello neighbour!", "Dear friend,", "Hi there,", "Good news!", "Hey!", ""],
  amount: ["$20", "20€", "£15", "50 EUR", "30 dollars", "100 TL", "200 zł", "500 грн", "€10"],
  handle: ["bestfood", "cheapmeals22", "johnny_k", "freshbox", "neighbourdeals", "mealsnow"],
  phone: [
    "+44 7911 123456",
    "+49 176 12345678",
    "07911 123456",
    "+33 6 12 34 56 78",
    "0176 1234 5678",
    "+90 532 123 45 67",
    "+48 512 345 678",
    "+380 67 123 4567",
    "+1 415 555 0132",
    "0 7 9 1 1 1 2 3 4 5 6",
  ],
  email: ["deals.mealshare@gmail.com", "fastcash@outlook.com", "k.meals@yahoo.fr", "reserve@quickfood.biz"],
  short: ["bit.ly/3xF00d", "tinyurl.com/freefood1", "cutt.ly/claimnow", "is.gd/meal24"],
  payment: ["paypal.me/mealbox", "buymeacoffee.com/mealbox", "ko-fi.com/mealbox", "revolut.me/mealbox"],
  digits: ["89370400440532013000", "12500105170648489890", "44100101000123456789"],
  time: ["17:30", "18:00", "6pm", "19h", "half past six", "18.45"],
  time2: ["19:00", "20:00", "8pm", "20h"],
  dish: ["lasagne", "lentil soup", "curry", "paella", "goulash", "banana bread", "dumplings", "tagine"],
  address: ["12 Rue de Rivoli", "22 Maple Street", "Calle Mayor 5", "Hauptstraße 14", "ul. Długa 3"],
  flat: ["3B", "12", "4th floor", "2"],
  code: ["4821", "1937", "A12"],
  price: ["$3.00", "4 €", "£2.50"],
  slug: ["lentil-soup", "easy-lasagne", "vegetable-curry"],
};

/** Small edits a sender makes between near-copies: a word dropped, one added, punctuation, case. */
const NOISE = ["", "!!", " please", " asap", " 🙏", " thanks", " today only", " ok?"];

/**
 * The wave: `spam` spam texts from `spamWriters` accounts and `ordinary` ordinary texts from
 * `ordinaryWriters`, interleaved as they would arrive.
 */
export function spamWave(options: {
  seed: number;
  spam: number;
  ordinary: number;
  spamWriters: number;
  ordinaryWriters: number;
}): WaveText[] {
  const rng = xoroshiro128plus(options.seed);
  const int = (below: number) => uniformInt(rng, 0, below - 1);
  const pick = <T>(items: readonly T[]) => items[int(items.length)];
  const fill = (template: string) =>
    template
      .replace(/\{(\w+)\}/g, (_, key: keyof typeof FILL) => pick(FILL[key]))
      .replace(/\s+/g, " ")
      .trim();
  const kind = (): WaveKind => {
    const roll = int(10);
    return roll < 6 ? "message" : roll < 8 ? "request" : "meal";
  };
  const texts: WaveText[] = [];
  const campaigns = [...SPAM_CAMPAIGNS, ...UNSEEN_CAMPAIGNS];
  for (let n = 0; n < options.spam; n++) {
    const campaign = int(campaigns.length);
    const words = fill(campaigns[campaign]);
    // Near-copies: a word of the template changed by case, noise at the end.
    const text = `${int(3) === 0 ? words.toUpperCase() : words}${pick(NOISE)}`;
    texts.push({
      spam: true,
      writer: int(options.spamWriters),
      kind: kind(),
      text,
      campaign,
      unseen: campaign >= SPAM_CAMPAIGNS.length,
    });
  }
  for (let n = 0; n < options.ordinary; n++) {
    texts.push({
      spam: false,
      writer: int(options.ordinaryWriters),
      kind: kind(),
      text: fill(pick(ORDINARY)),
      campaign: -1,
      unseen: false,
    });
  }
  // As they arrive: shuffled together (Fisher–Yates on the seeded generator).
  for (let i = texts.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [texts[i], texts[j]] = [texts[j], texts[i]];
  }
  return texts;
}

/**
 * The shopper's own words mapped to the catalogue's, added to products at index time (`indexTermsFor`) and to queries
 * (`expandQuery`). How entries apply: README.md, "Maintaining the synonym list". Lowercase ASCII.
 */
import { normalizeWords } from './normalize.ts';

export interface SynonymEntry {
  /** Hindi / Hinglish words and spelling variants; the first is the one query rewrites use. */
  readonly hindi: readonly string[];
  readonly english: readonly string[];
  readonly except?: readonly string[];
  /** False: malai paneer is not "cream". */
  readonly reverse?: boolean;
  /** Rewritten at query time. */
  readonly devanagari?: readonly string[];
}

/** The maintained list. Keep entries specific: every word added here makes more products match. */
export const SYNONYMS: readonly SynonymEntry[] = [
  // Dairy and eggs
  { hindi: ['doodh', 'dudh', 'dood'], english: ['milk'], devanagari: ['दूध'] },
  { hindi: ['dahi', 'dahee', 'doi'], english: ['curd', 'yogurt', 'yoghurt'], devanagari: ['दही'] },
  { hindi: ['paneer', 'panir'], english: ['cottage cheese'], devanagari: ['पनीर'] },
  { hindi: ['ghee', 'ghi'], english: ['clarified butter'], devanagari: ['घी'] },
  { hindi: ['makhan', 'makkhan', 'makhkhan'], english: ['butter'], devanagari: ['मक्खन'] },
  { hindi: ['malai'], english: ['fresh cream'], reverse: false, devanagari: ['मलाई'] },
  { hindi: ['chaas', 'chhach', 'chaach'], english: ['buttermilk'], devanagari: ['छाछ'] },
  { hindi: ['anda', 'ande', 'unda', 'anday'], english: ['egg'], devanagari: ['अंडा', 'अंडे'] },
  // Staples
  { hindi: ['atta', 'aata'], english: ['wheat flour'], devanagari: ['आटा'] },
  { hindi: ['maida'], english: ['refined flour', 'all purpose flour'], devanagari: ['मैदा'] },
  { hindi: ['besan'], english: ['gram flour'], devanagari: ['बेसन'] },
  { hindi: ['sooji', 'suji', 'rava', 'rawa'], english: ['semolina'], devanagari: ['सूजी', 'रवा'] },
  { hindi: ['chawal', 'chaval'], english: ['rice'], except: ['rice bran'], devanagari: ['चावल'] },
  { hindi: ['poha', 'pohe'], english: ['flattened rice'], devanagari: ['पोहा'] },
  { hindi: ['dal', 'daal'], english: ['lentil'], devanagari: ['दाल'] },
  { hindi: ['chana', 'channa', 'chole', 'chhole'], english: ['chickpea'], devanagari: ['चना', 'छोले'] },
  { hindi: ['rajma'], english: ['kidney bean'], devanagari: ['राजमा'] },
  { hindi: ['cheeni', 'chini', 'shakkar'], english: ['sugar'], devanagari: ['चीनी'] },
  { hindi: ['gur', 'gud'], english: ['jaggery'], devanagari: ['गुड़'] },
  { hindi: ['namak'], english: ['salt'], devanagari: ['नमक'] },
  { hindi: ['tel', 'tail'], english: ['oil'], devanagari: ['तेल'] },
  { hindi: ['sarson'], english: ['mustard'], devanagari: ['सरसों'] },
  { hindi: ['shahad', 'shahd'], english: ['honey'], devanagari: ['शहद'] },
  // Spices
  { hindi: ['haldi'], english: ['turmeric'], devanagari: ['हल्दी'] },
  { hindi: ['jeera', 'zeera', 'jira'], english: ['cumin'], devanagari: ['जीरा'] },
  { hindi: ['mirchi', 'mirch'], english: ['chilli', 'chili'], devanagari: ['मिर्च', 'मिर्ची'] },
  { hindi: ['elaichi', 'ilaichi'], english: ['cardamom'], devanagari: ['इलायची'] },
  { hindi: ['kesar'], english: ['saffron'], devanagari: ['केसर'] },
  { hindi: ['hing', 'heeng'], english: ['asafoetida'], devanagari: ['हींग'] },
  { hindi: ['saunf'], english: ['fennel'], devanagari: ['सौंफ'] },
  { hindi: ['ajwain'], english: ['carom'], devanagari: ['अजवाइन'] },
  { hindi: ['til'], english: ['sesame'], devanagari: ['तिल'] },
  // Vegetables
  { hindi: ['aloo', 'alu', 'aaloo'], english: ['potato'], except: ['sweet potato'], devanagari: ['आलू'] },
  { hindi: ['shakarkandi'], english: ['sweet potato'], devanagari: ['शकरकंद'] },
  { hindi: ['pyaaz', 'pyaz', 'pyaj', 'kanda'], english: ['onion'], devanagari: ['प्याज', 'प्याज़'] },
  { hindi: ['tamatar', 'tamater'], english: ['tomato'], devanagari: ['टमाटर'] },
  { hindi: ['adrak'], english: ['ginger'], devanagari: ['अदरक'] },
  { hindi: ['lehsun', 'lahsun', 'lasun', 'lehsan'], english: ['garlic'], devanagari: ['लहसुन'] },
  { hindi: ['dhaniya', 'dhania'], english: ['coriander'], devanagari: ['धनिया'] },
  { hindi: ['pudina', 'podina'], english: ['mint'], except: ['toothpaste', 'mouthwash', 'tea'], devanagari: ['पुदीना'] },
  { hindi: ['methi'], english: ['fenugreek'], devanagari: ['मेथी'] },
  { hindi: ['palak'], english: ['spinach'], devanagari: ['पालक'] },
  { hindi: ['bhindi', 'bhendi'], english: ['okra', 'lady finger', 'ladyfinger'], devanagari: ['भिंडी'] },
  { hindi: ['gobi', 'gobhi'], english: ['cauliflower'], devanagari: ['गोभी'] },
  { hindi: ['patta gobhi', 'band gobhi'], english: ['cabbage'], devanagari: ['पत्ता गोभी'] },
  { hindi: ['shimla mirch'], english: ['capsicum', 'bell pepper'], devanagari: ['शिमला मिर्च'] },
  { hindi: ['matar', 'mattar'], english: ['pea'], devanagari: ['मटर'] },
  { hindi: ['gajar'], english: ['carrot'], devanagari: ['गाजर'] },
  { hindi: ['kheera', 'khira'], english: ['cucumber'], devanagari: ['खीरा'] },
  { hindi: ['baingan', 'baigan'], english: ['brinjal', 'eggplant', 'aubergine'], devanagari: ['बैंगन'] },
  { hindi: ['lauki', 'ghiya', 'dudhi'], english: ['bottle gourd'], devanagari: ['लौकी'] },
  { hindi: ['karela'], english: ['bitter gourd'], devanagari: ['करेला'] },
  { hindi: ['mooli', 'muli'], english: ['radish'], devanagari: ['मूली'] },
  { hindi: ['chukandar'], english: ['beetroot'], devanagari: ['चुकंदर'] },
  { hindi: ['bhutta', 'makka', 'makki'], english: ['corn'], except: ['popcorn'], devanagari: ['भुट्टा', 'मक्का'] },
  { hindi: ['nimbu', 'nimboo', 'limbu'], english: ['lemon'], devanagari: ['नींबू'] },
  { hindi: ['kaddu'], english: ['pumpkin'], devanagari: ['कद्दू'] },
  // Fruits and dry fruits
  { hindi: ['kela', 'kele'], english: ['banana'], devanagari: ['केला', 'केले'] },
  { hindi: ['seb', 'saib'], english: ['apple'], except: ['custard apple'], devanagari: ['सेब'] },
  { hindi: ['santra', 'santara'], english: ['orange'], except: ['orange carrot', 'carrot orange'], devanagari: ['संतरा'] },
  { hindi: ['aam'], english: ['mango'], devanagari: ['आम'] },
  { hindi: ['angoor', 'angur'], english: ['grape'], devanagari: ['अंगूर'] },
  { hindi: ['anar', 'anaar'], english: ['pomegranate'], devanagari: ['अनार'] },
  { hindi: ['amrood', 'amrud'], english: ['guava'], devanagari: ['अमरूद'] },
  { hindi: ['papita'], english: ['papaya'], devanagari: ['पपीता'] },
  { hindi: ['tarbooj', 'tarbuj'], english: ['watermelon'], devanagari: ['तरबूज'] },
  { hindi: ['kharbooja', 'kharbuja'], english: ['muskmelon'], devanagari: ['खरबूजा'] },
  { hindi: ['nariyal'], english: ['coconut'], devanagari: ['नारियल'] },
  { hindi: ['sitaphal', 'sharifa'], english: ['custard apple'], devanagari: ['सीताफल'] },
  { hindi: ['badam', 'baadam'], english: ['almond'], devanagari: ['बादाम'] },
  { hindi: ['kaju'], english: ['cashew'], devanagari: ['काजू'] },
  { hindi: ['kishmish'], english: ['raisin'], devanagari: ['किशमिश'] },
  { hindi: ['akhrot'], english: ['walnut'], devanagari: ['अखरोट'] },
  { hindi: ['khajur', 'khajoor'], english: ['date'], devanagari: ['खजूर'] },
  { hindi: ['pista'], english: ['pistachio'], devanagari: ['पिस्ता'] },
  { hindi: ['mungfali', 'moongphali'], english: ['peanut', 'groundnut'], devanagari: ['मूंगफली'] },
  { hindi: ['makhana'], english: ['fox nut'], devanagari: ['मखाना'] },
  // Meat and fish
  { hindi: ['murgi', 'murga', 'murgh'], english: ['chicken'], devanagari: ['मुर्गा', 'मुर्गी'] },
  { hindi: ['machli', 'machhli', 'macchi'], english: ['fish'], devanagari: ['मछली'] },
  { hindi: ['jhinga', 'jheenga'], english: ['prawn'], devanagari: ['झींगा'] },
  { hindi: ['gosht'], english: ['mutton'], devanagari: ['गोश्त'] },
  // Snacks, drinks, bakery
  { hindi: ['namkeen'], english: ['bhujia', 'sev', 'mixture', 'chivda'], reverse: false, devanagari: ['नमकीन'] },
  { hindi: ['biskut', 'biscut', 'biskit'], english: ['biscuit'], devanagari: ['बिस्कुट'] },
  { hindi: ['chai', 'chaay', 'chay'], english: ['tea'], devanagari: ['चाय'] },
  { hindi: ['double roti', 'dabal roti'], english: ['bread'], except: ['garlic bread', 'pizza base'], devanagari: ['डबल रोटी'] },
  { hindi: ['mithai'], english: ['soan papdi', 'kaju katli'], reverse: false, devanagari: ['मिठाई'] },
  // Household and personal care
  { hindi: ['sabun', 'saabun'], english: ['soap'], devanagari: ['साबुन'] },
  { hindi: ['manjan'], english: ['toothpaste'], devanagari: ['मंजन'] },
  { hindi: ['jhadu', 'jharu'], english: ['broom'], devanagari: ['झाड़ू'] },
  { hindi: ['pocha', 'pochha'], english: ['mop'], devanagari: ['पोछा'] },
];

/**
 * Everyday English words and brand shorthands, by the rules of `SYNONYMS` (`hindi` holds the shopper's words). Only for goods the
 * catalogue has; tests/unit/search-synonyms.test.ts checks each against the sample catalogue.
 */
export const ALIASES: readonly SynonymEntry[] = [
  { hindi: ['cookie'], english: ['biscuit'] },
  { hindi: ['crisps'], english: ['chips'], except: ['chocolate chip', 'chocolate chips'] },
  { hindi: ['coke', 'cocacola'], english: ['coca cola'], reverse: false },
  { hindi: ['thumsup'], english: ['thums up'], reverse: false },
  { hindi: ['parleg'], english: ['parle g'], reverse: false },
  { hindi: ['redbull'], english: ['red bull'], reverse: false },
  { hindi: ['hns'], english: ['head shoulders'], reverse: false },
  { hindi: ['oralb'], english: ['oral b'], reverse: false },
  { hindi: ['maggi'], english: ['instant noodles', 'noodles'], except: ['rice noodles', 'hakka noodles'], reverse: false },
];

/** Shopper phrases rewritten at query time to the catalogue's words (whole words, plural allowed on the last). */
export const QUERY_PHRASES: Readonly<Record<string, string>> = {
  'cold drink': 'soft drink',
  'cool drink': 'soft drink',
  'fizzy drink': 'soft drink',
  'aerated drink': 'soft drink',
  'soda water': 'soda',
  'kit kat': 'kitkat',
};

export const EMOJI_WORDS: Readonly<Record<string, string>> = {
  '🥛': 'milk',
  '🍞': 'bread',
  '🥚': 'egg',
  '🍌': 'banana',
  '🍎': 'apple',
  '🍏': 'apple',
  '🍊': 'orange',
  '🥭': 'mango',
  '🍇': 'grapes',
  '🍉': 'watermelon',
  '🍍': 'pineapple',
  '🍓': 'strawberry',
  '🥝': 'kiwi',
  '🥑': 'avocado',
  '🍐': 'pear',
  '🍋': 'lemon',
  '🥥': 'coconut',
  '🍅': 'tomato',
  '🥔': 'potato',
  '🧅': 'onion',
  '🥕': 'carrot',
  '🌽': 'corn',
  '🧄': 'garlic',
  '🫚': 'ginger',
  '🥒': 'cucumber',
  '🥦': 'broccoli',
  '🍄': 'mushroom',
  '🌶': 'chilli',
  '🫑': 'capsicum',
  '🍆': 'brinjal',
  '🍚': 'rice',
  '🧂': 'salt',
  '🧈': 'butter',
  '🧀': 'cheese',
  '🍫': 'chocolate',
  '🍪': 'biscuit',
  '🍵': 'tea',
  '☕': 'coffee',
  '🧃': 'juice',
  '🍯': 'honey',
  '🍗': 'chicken',
  '🐔': 'chicken',
  '🐟': 'fish',
  '🍤': 'prawns',
  '🍰': 'cake',
  '🎂': 'cake',
  '🧁': 'muffin',
  '🍜': 'noodles',
  '🍝': 'pasta',
  '🍿': 'popcorn',
  '🧼': 'soap',
  '🪥': 'toothbrush',
  '🧻': 'tissue',
  '💧': 'water',
};

/** Common misspellings that prefix matching cannot rescue, rewritten at query time (Pagefind has no edit distance). */
export const QUERY_TYPOS: Readonly<Record<string, string>> = {
  bananna: 'banana',
  bannana: 'banana',
  tamato: 'tomato',
  tomatoe: 'tomato',
  tomatos: 'tomato',
  potatoe: 'potato',
  potatos: 'potato',
  patato: 'potato',
  onoin: 'onion',
  oinon: 'onion',
  chiken: 'chicken',
  chikken: 'chicken',
  choclate: 'chocolate',
  chocklate: 'chocolate',
  biscit: 'biscuit',
  buiscuit: 'biscuit',
  bisquit: 'biscuit',
  brocoli: 'broccoli',
  brocolli: 'broccoli',
  panner: 'paneer',
  panneer: 'paneer',
  coriender: 'coriander',
  corriander: 'coriander',
  cofee: 'coffee',
  coffe: 'coffee',
  detergant: 'detergent',
  shampo: 'shampoo',
  yoghourt: 'yogurt',
  yougurt: 'yogurt',
  yogurth: 'yogurt',
  capsicam: 'capsicum',
  cucumbar: 'cucumber',
  cauliflour: 'cauliflower',
  cabage: 'cabbage',
  spinch: 'spinach',
  spinnach: 'spinach',
  aple: 'apple',
  appel: 'apple',
  pinapple: 'pineapple',
  mangoe: 'mango',
  oranje: 'orange',
  lemmon: 'lemon',
  garlik: 'garlic',
  ginjer: 'ginger',
  tumeric: 'turmeric',
  termeric: 'turmeric',
  suger: 'sugar',
  sugur: 'sugar',
  flor: 'flour',
  buter: 'butter',
  chese: 'cheese',
  cheeze: 'cheese',
  bred: 'bread',
  brade: 'bread',
  eggz: 'eggs',
  noodels: 'noodles',
  nodles: 'noodles',
  masalla: 'masala',
  namkin: 'namkeen',
  diaper: 'diapers',
  dipers: 'diapers',
  nappy: 'diapers',
};

/** Pack-size words after a number, rewritten to the abbreviation the catalogue prints ("1 litre" is "1 L"). */
export const UNIT_WORDS: Readonly<Record<string, string>> = {
  litre: 'l',
  litres: 'l',
  liter: 'l',
  liters: 'l',
  ltr: 'l',
  ltrs: 'l',
  lt: 'l',
  millilitre: 'ml',
  milliliter: 'ml',
  millilitres: 'ml',
  milliliters: 'ml',
  mls: 'ml',
  gram: 'g',
  grams: 'g',
  gramme: 'g',
  grammes: 'g',
  gm: 'g',
  gms: 'g',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  kgs: 'kg',
  piece: 'pc',
  pieces: 'pc',
  pcs: 'pc',
  nos: 'pc',
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole-word matcher, allowing a plural "s"/"es" on the last word ("potato" matches "potatoes"). */
function phraseMatcher(phrase: string): RegExp {
  const words = normalizeWords(phrase).split(' ').map(escapeRegExp);
  return new RegExp(`(?:^| )${words.join(' ')}(?:s|es)?(?= |$)`);
}

const compiled = [...SYNONYMS, ...ALIASES].map((entry) => ({
  entry,
  english: entry.english.map(phraseMatcher),
  hindi: entry.hindi.map(phraseMatcher),
  except: (entry.except ?? []).map(phraseMatcher),
}));

/**
 * The entries by the whole word their phrases start with (one-word phrases also with "s"/"es"), so indexing a name tests a handful of
 * patterns: the index terms of 20,000 names took 1.2 s before, 0.15 s after. Built on first use: the browser never indexes.
 */
let entriesByWord: Map<string, number[]> | undefined;

function wordIndex(): Map<string, number[]> {
  if (entriesByWord) return entriesByWord;
  const index = new Map<string, number[]>();
  compiled.forEach(({ entry }, position) => {
    for (const phrase of [...entry.english, ...entry.hindi]) {
      const words = normalizeWords(phrase).split(' ');
      const first = words[0] as string;
      for (const word of words.length === 1 ? [first, `${first}s`, `${first}es`] : [first]) {
        const list = index.get(word) ?? [];
        if (list.at(-1) !== position) list.push(position);
        index.set(word, list);
      }
    }
  });
  return (entriesByWord = index);
}

/** The compiled entries `words` may match, in list order. */
function candidateEntries(words: ReadonlySet<string>) {
  const index = wordIndex();
  const positions = new Set<number>();
  for (const word of words) for (const position of index.get(word) ?? []) positions.add(position);
  return [...positions].sort((a, b) => a - b).map((position) => compiled[position] as (typeof compiled)[number]);
}

/** The extra words a product is indexed with (README.md, "Maintaining the synonym list"), sorted, none already in the name. */
export function indexTermsFor(name: string, brand?: string | null): string[] {
  const text = normalizeWords(`${name} ${brand ?? ''}`);
  const present = new Set(text.split(' '));
  const out = new Set<string>();
  const add = (phrase: string) => {
    for (const word of normalizeWords(phrase).split(' ')) if (word && !present.has(word)) out.add(word);
  };
  // Brands written with an apostrophe are typed without it: "Lay's" (indexed "lay s") is found as "lays".
  for (const [, word] of text.matchAll(/(?:^| )(\p{L}{3,}) s(?= |$)/gu)) add(`${word}s`);
  for (const { entry, english, hindi, except } of candidateEntries(present)) {
    if (except.some((re) => re.test(text))) continue;
    if (english.some((re) => re.test(text))) entry.hindi.forEach(add);
    if (entry.reverse !== false && hindi.some((re) => re.test(text))) {
      entry.english.filter((e) => !e.includes(' ')).forEach(add);
    }
  }
  return [...out].sort();
}

/** Multi-word English phrases rewritten to the Hindi word every product containing them was indexed with. */
const PHRASE_REWRITES: readonly { re: RegExp; to: string }[] = [
  ...Object.entries(QUERY_PHRASES).map(([phrase, to]) => ({ re: phraseMatcher(phrase), to })),
  // Aliases are left out: their catalogue phrases match as they are ("surf excel" must not become "surf").
  ...compiled
    .slice(0, SYNONYMS.length)
    .flatMap(({ entry }) =>
      entry.english.filter((e) => e.includes(' ')).map((phrase) => ({ re: phraseMatcher(phrase), to: entry.hindi[0] as string })),
    ),
];

/** Devanagari words rewritten to their Latin spelling. Longest first, so "पत्ता गोभी" wins over "गोभी". */
const DEVANAGARI_REWRITES: readonly { from: string; to: string }[] = SYNONYMS.flatMap((entry) =>
  (entry.devanagari ?? []).map((from) => ({ from, to: entry.hindi[0] as string })),
).sort((a, b) => b.from.length - a.from.length);

/** The longest query the search runs; the rest of a pasted essay is dropped. */
export const MAX_QUERY_LENGTH = 100;

/** What a shopper typed, made ready for the index (README.md, "Query handling"); "" when nothing searchable is left. */
export function expandQuery(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  let text = raw.slice(0, MAX_QUERY_LENGTH * 4).normalize('NFC');
  for (const [emoji, word] of Object.entries(EMOJI_WORDS)) {
    if (text.includes(emoji)) text = text.replaceAll(emoji, ` ${word} `);
  }
  for (const { from, to } of DEVANAGARI_REWRITES) {
    if (text.includes(from)) text = text.replaceAll(from, ` ${to} `);
  }
  text = normalizeWords(text)
    .slice(0, MAX_QUERY_LENGTH)
    // "500ml" is "500 ml" in the catalogue.
    .replace(/(\d)(ml|l|ltr|g|gm|gms|kg|kgs|pc|pcs)(?= |$)/g, '$1 $2')
    .split(' ')
    .map((word, i, words) => QUERY_TYPOS[word] ?? (/^\d/.test(words[i - 1] ?? '') ? UNIT_WORDS[word] : undefined) ?? word)
    .join(' ')
    .trim();
  for (const { re, to } of PHRASE_REWRITES) {
    text = text.replace(re, (m) => (m.startsWith(' ') ? ` ${to}` : to));
  }
  return text.replace(/\s+/g, ' ').trim();
}

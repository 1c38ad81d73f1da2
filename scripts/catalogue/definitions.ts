/**
 * The hand-written source of truth for the sample catalogue: categories, item types ("kinds"),
 * products and stores. `sample.ts` turns these definitions into catalogue rows, and
 * `scripts/generate-catalogue.ts` writes src/data/sample-catalogue.json, supabase/seed.sql and the
 * item illustrations from them. Edit here, then run `npx node scripts/generate-catalogue.ts`.
 *
 * Conventions:
 * - A product row is `[kind, name, unit, price, mrp?, note?]`.
 *   - `kind` names an item type (a key of some category's `kinds`): it picks the illustration
 *     (/images/catalogue/<kind>.svg) and the generic sentences of the description.
 *   - `name` is "Brand|Rest of the name" for branded goods (shown as "Brand Rest of the name"; a rest
 *     starting with "-" is joined without a space: "Parle|-G ..." is "Parle-G ...") or a plain name.
 *   - `unit` is the pack size as printed ("500 g", "1 L", "6 pcs", "1 pc (approx. 400-600 g)").
 *   - `price` and `mrp` are rupees; `mrp` (the original price) is omitted or null when there is none.
 *   - `note`, when given, replaces the kind's first description sentence with a product-specific one.
 * - Product ids are slugs of name + unit ("amul-taaza-toned-milk-500-ml"); they must stay unique.
 * - `FALLBACK_CASES` lists, by product id, the products that are deliberately unavailable or shown
 *   without an image or a unit, so that every fallback of the site has something to show.
 */
import type { ShopType } from '../../src/lib/catalogue/types.ts';

/** The simple flat shape an illustration is drawn with. */
export type Shape =
  | 'round'
  | 'oval'
  | 'banana'
  | 'grapes'
  | 'long'
  | 'leafy'
  | 'carton'
  | 'packet'
  | 'cup'
  | 'block'
  | 'eggs'
  | 'bottle'
  | 'jar'
  | 'sack'
  | 'box'
  | 'can'
  | 'bar'
  | 'tube'
  | 'loaf'
  | 'bun'
  | 'cake'
  | 'tray'
  | 'fish'
  | 'bowl';

/** How goods are kept and delivered; picks the default closing sentence of descriptions. */
export type Storage = 'fresh' | 'chilled' | 'frozen' | 'ambient';

/** An item type: one illustration and the generic sentences of its products' descriptions. */
export interface KindDef {
  /** Short label drawn on the illustration. */
  readonly label: string;
  readonly shape: Shape;
  /** What the item is (first sentence, unless a product row has a note). */
  readonly about: string;
  /** How it is used (second sentence). */
  readonly use: string;
}

/** `[kind, name, unit, price, mrp?, note?]`; see the conventions above. */
export type ProductRow = readonly [
  kind: string,
  name: string,
  unit: string,
  price: number,
  mrp?: number | null,
  note?: string,
];

export interface SubcategoryDef {
  /** Kebab-case, unique across all categories. */
  readonly id: string;
  readonly name: string;
  readonly storage: Storage;
  /** Closing sentences replacing the storage defaults; `{unit}` and `{brand}` are filled in. */
  readonly closings?: readonly string[];
  readonly products: readonly ProductRow[];
}

export interface CategoryDef {
  readonly id: string;
  readonly name: string;
  /** Colour of the category's illustrations. */
  readonly colour: string;
  readonly kinds: Readonly<Record<string, KindDef>>;
  readonly subcategories: readonly SubcategoryDef[];
}

export interface StoreDef {
  readonly name: string;
  readonly shop_type: ShopType;
  readonly is_active: boolean;
  readonly rating: number | null;
  readonly delivery_time_min: number | null;
  readonly address: string;
  /** Whether the store shows its shop-type illustration (false: no image, so the fallback shows). */
  readonly image: boolean;
}

/**
 * Closing sentences by storage. A template is used only when its placeholders can be filled
 * (a product without a brand or a unit skips templates naming them); each list keeps one with none.
 */
export const DEFAULT_CLOSINGS: Readonly<Record<Storage, readonly string[]>> = {
  fresh: [
    'Sold as {unit}, hand-picked at a partner store near you.',
    'Sold as {unit} and sorted by hand for freshness before it leaves the store.',
    'Hand-picked for freshness at a partner store near you.',
  ],
  chilled: [
    'This {unit} pack from {brand} is kept chilled all the way to your door.',
    'Net quantity {unit}; kept cold from store to doorstep, so refrigerate it on arrival.',
    'Kept cold from store to doorstep; refrigerate it on arrival.',
  ],
  frozen: [
    'Net quantity {unit}; delivered frozen in an insulated bag, so store it in the freezer.',
    'Delivered frozen in an insulated bag; store it in the freezer.',
  ],
  ambient: [
    'Net quantity {unit}; genuine {brand} stock from authorised distributors.',
    'Net quantity {unit}; check the pack for the best-before date.',
    'Sealed {brand} pack, delivered from a store near you in minutes.',
    'Delivered sealed from a store near you in minutes.',
  ],
};

export const CATEGORY_DEFS: readonly CategoryDef[] = [
  {
    id: 'fruits',
    name: 'Fruits',
    colour: '#ea580c',
    kinds: {
      banana: { label: 'Banana', shape: 'banana', about: 'Naturally sweet bananas with soft, creamy flesh.', use: 'A quick energy snack on their own, or mash them into smoothies, shakes and pancakes.' },
      apple: { label: 'Apple', shape: 'round', about: 'Crisp, juicy apples with a balanced sweet-tart bite.', use: 'Slice them into lunch boxes and salads, or bake them into a crumble.' },
      orange: { label: 'Orange', shape: 'round', about: 'Juicy oranges with a tangy-sweet flavour and plenty of vitamin C.', use: 'Peel and eat the segments, or squeeze them for fresh juice at breakfast.' },
      'sweet-lime': { label: 'Mosambi', shape: 'round', about: 'Mildly sweet mosambi, the classic juice-stall fruit.', use: 'Squeeze it for fresh juice or peel and eat the segments chilled.' },
      mango: { label: 'Mango', shape: 'oval', about: 'Fragrant mangoes with golden, low-fibre pulp.', use: 'Enjoy them sliced, in aamras, or blended into a chilled mango lassi.' },
      grapes: { label: 'Grapes', shape: 'grapes', about: 'Plump, seedless grapes that are sweet and refreshing.', use: 'Rinse and snack on them, or toss them into fruit chaat and salads.' },
      pomegranate: { label: 'Pomegranate', shape: 'round', about: 'Pomegranates packed with juicy, ruby-red arils.', use: 'Sprinkle the arils over raita, salads and chaat, or press them for juice.' },
      papaya: { label: 'Papaya', shape: 'oval', about: 'Papaya with soft, sweet orange flesh.', use: 'A light breakfast fruit that is easy on digestion; scoop out the seeds and slice.' },
      watermelon: { label: 'Watermelon', shape: 'round', about: 'A large, juicy watermelon with crisp red flesh.', use: 'Serve it chilled in wedges or blend it into a summer cooler.' },
      muskmelon: { label: 'Muskmelon', shape: 'round', about: 'Fragrant muskmelon with sweet, juicy flesh.', use: 'Cube it for fruit bowls or blend it into a chilled shake.' },
      guava: { label: 'Guava', shape: 'round', about: 'Firm, aromatic guavas with a pleasant crunch.', use: 'Eat them with a pinch of chaat masala or slice them into salads.' },
      pineapple: { label: 'Pineapple', shape: 'oval', about: 'Sweet and tangy pineapple with a tropical aroma.', use: 'Cut it into chunks for snacking, raita or fresh juice.' },
      chikoo: { label: 'Chikoo', shape: 'round', about: 'Soft, malty-sweet sapota with a grainy texture.', use: 'Eat it with a spoon or blend it into a thick milkshake.' },
      pear: { label: 'Pear', shape: 'oval', about: 'Juicy pears with a buttery, mellow sweetness.', use: 'Slice them for snacks or pair them with cheese.' },
      coconut: { label: 'Coconut', shape: 'round', about: 'Tender green coconut with sweet water and soft malai.', use: 'Sip the water chilled, then scoop out the malai.' },
      'custard-apple': { label: 'Sitaphal', shape: 'round', about: 'Creamy custard apples with sweet, fragrant pulp.', use: 'Scoop the pulp with a spoon or fold it into rabri and shakes.' },
      litchi: { label: 'Litchi', shape: 'round', about: 'Juicy litchis with translucent, floral-sweet flesh.', use: 'Peel and eat them chilled, or add them to fruit bowls and mocktails.' },
      kiwi: { label: 'Kiwi', shape: 'round', about: 'Tangy-sweet kiwis with bright flesh and tiny edible seeds.', use: 'Scoop them with a spoon or slice them over yoghurt and desserts.' },
      avocado: { label: 'Avocado', shape: 'oval', about: 'Creamy Hass avocado with a rich, buttery texture.', use: 'Mash it into guacamole, spread it on toast or slice it into salads.' },
      'dragon-fruit': { label: 'Dragon Fruit', shape: 'oval', about: 'Striking dragon fruit with mildly sweet, speckled flesh.', use: 'Cube it for fruit bowls, smoothies and salads.' },
      blueberry: { label: 'Blueberry', shape: 'grapes', about: 'Plump blueberries with a gentle sweet-tart taste.', use: 'Add them to oats, yoghurt, pancakes or muffins.' },
      strawberry: { label: 'Strawberry', shape: 'round', about: 'Bright red strawberries, sweet and juicy.', use: 'Serve them with cream, blend them into shakes or use them to top desserts.' },
      'cut-fruit': { label: 'Cut Fruit', shape: 'cup', about: 'Freshly cut fruit, ready to eat straight from the box.', use: 'A no-fuss snack for the office, the school tiffin or after a workout.' },
      almonds: { label: 'Almonds', shape: 'bowl', about: 'Crunchy, naturally sweet almonds rich in protein and vitamin E.', use: 'Soak a handful overnight for breakfast, or add them to kheer and halwa.' },
      cashews: { label: 'Cashews', shape: 'bowl', about: 'Creamy, buttery whole cashews.', use: 'Roast them for a snack or grind them into rich gravies and sweets.' },
      raisins: { label: 'Raisins', shape: 'bowl', about: 'Sweet, chewy raisins dried from seedless grapes.', use: 'Add them to kheer, pulao, granola and cakes.' },
      walnuts: { label: 'Walnuts', shape: 'bowl', about: 'Light, crunchy walnut kernels with an earthy flavour.', use: 'Eat them as a snack or fold them into brownies and salads.' },
      dates: { label: 'Dates', shape: 'bowl', about: 'Soft, naturally sweet dates.', use: 'A quick energy bite that is also good for breaking a fast or sweetening smoothies.' },
      pistachios: { label: 'Pistachios', shape: 'bowl', about: 'Crunchy pistachios roasted in the shell.', use: 'Snack on them or crush them over kulfi and sweets.' },
      'mixed-nuts': { label: 'Nut Mix', shape: 'bowl', about: 'A crunchy mix of nuts, seeds and dried fruit.', use: 'Keep a pouch handy for a healthy snack between meals.' },
      makhana: { label: 'Makhana', shape: 'bowl', about: 'Light, puffed fox nuts with a satisfying crunch.', use: 'Roast them with ghee and spices for a light snack, or add them to kheer.' },
      'gift-box': { label: 'Gift Box', shape: 'box', about: 'A festive box of premium almonds, cashews, raisins and pistachios.', use: 'A thoughtful gift for Diwali, Raksha Bandhan and family visits.' },
    },
    subcategories: [
      {
        id: 'fresh-fruits',
        name: 'Fresh Fruits',
        storage: 'fresh',
        products: [
          ['banana', 'Banana Robusta', '6 pcs', 48, 60],
          ['banana', 'Yelakki Bananas (Elaichi)', '500 g', 49, 65, 'Small, fragrant Yelakki bananas with a rich, honey-like sweetness.'],
          ['banana', 'Nendran Bananas', '500 g', 59, null, 'Long Kerala Nendran bananas, firm and mildly sweet.'],
          ['apple', 'Apple Shimla', '4 pcs (approx. 550-650 g)', 139, 169],
          ['apple', 'Apple Kinnaur', '1 kg', 229, 279, 'Crunchy Kinnaur apples from the high Himalayan orchards, sweet with a gentle tang.'],
          ['orange', 'Orange Nagpur', '1 kg', 99, 129],
          ['orange', 'Kinnow Orange', '1 kg', 79, 99, 'Juicy Punjab kinnows, the easy-peel citrus of winter.'],
          ['sweet-lime', 'Mosambi (Sweet Lime)', '1 kg', 89, 110],
          ['mango', 'Mango Alphonso (Ratnagiri)', '6 pcs', 549, 699, 'Ratnagiri Alphonso mangoes, the king of mangoes, with saffron-coloured, buttery pulp.'],
          ['mango', 'Mango Banganapalli', '1 kg', 129, 159],
          ['mango', 'Mango Dasheri', '1 kg', 119, null, 'Sweet, aromatic Dasheri mangoes from Malihabad with thin skin and juicy pulp.'],
          ['grapes', 'Green Grapes Seedless', '500 g', 79, 99],
          ['grapes', 'Black Grapes Seedless', '500 g', 99, 125, 'Deep purple seedless grapes with a rich, wine-like sweetness.'],
          ['pomegranate', 'Pomegranate Bhagwa', '1 kg', 199, 249],
          ['papaya', 'Papaya Semi Ripe', '1 pc (approx. 800 g-1.2 kg)', 59, 75],
          ['watermelon', 'Watermelon Kiran', '1 pc (approx. 2-2.5 kg)', 79, 99],
          ['muskmelon', 'Muskmelon', '1 pc (approx. 1-1.3 kg)', 69],
          ['guava', 'Guava Allahabadi', '500 g', 59, null],
          ['pineapple', 'Pineapple Queen', '1 pc (approx. 800 g-1 kg)', 79, 99],
          ['chikoo', 'Chikoo (Sapota)', '500 g', 59, 79],
          ['pear', 'Pear Green', '500 g', 119, 149],
          ['coconut', 'Tender Coconut', '1 pc', 59, null],
          ['custard-apple', 'Custard Apple (Sitaphal)', '500 g', 99, 129],
          ['litchi', 'Litchi Shahi', '500 g', 129, 159],
        ],
      },
      {
        id: 'exotic-fruits',
        name: 'Exotic Fruits',
        storage: 'fresh',
        products: [
          ['apple', 'Washington Red Delicious Apple', '4 pcs', 299, 349, 'Deep red imported Washington apples, crunchy and sweet.'],
          ['apple', 'Fuji Apple', '4 pcs', 279, 329, 'Imported Fuji apples, dense, crisp and honey-sweet.'],
          ['apple', 'Granny Smith Green Apple', '4 pcs', 289, 339, 'Bright green Granny Smith apples with a sharp, tart crunch.'],
          ['kiwi', 'Zespri|Green Kiwi', '3 pcs', 119, 149],
          ['kiwi', 'Zespri|Sungold Kiwi', '3 pcs', 169, 199, 'Golden-fleshed kiwis that are sweeter and less tangy than green ones.'],
          ['avocado', 'Hass Avocado', '1 pc (approx. 180-220 g)', 149, 199],
          ['dragon-fruit', 'Dragon Fruit (Pink Flesh)', '1 pc (approx. 300-400 g)', 129, 160],
          ['blueberry', 'Blueberries', '125 g', 299, 375],
          ['strawberry', 'Strawberry Mahabaleshwar', '200 g', 99, 129],
          ['grapes', 'Red Globe Grapes (Imported)', '500 g', 249, 299, 'Large, crunchy Red Globe grapes with a mild sweetness.'],
          ['orange', 'Mandarin Orange (Imported)', '500 g', 199, 249, 'Easy-peel imported mandarins, sweet and juicy.'],
          ['pear', 'Packham Pear (Imported)', '4 pcs', 259, null],
        ],
      },
      {
        id: 'cut-fruits',
        name: 'Cut & Peeled Fruits',
        storage: 'chilled',
        closings: [
          'Washed, cut and sealed the same morning; keep refrigerated and eat within a day.',
          'A {unit} box, cut fresh and kept chilled until it reaches you.',
        ],
        products: [
          ['cut-fruit', 'Fresh Cut Papaya Cubes', '200 g', 59, 69],
          ['cut-fruit', 'Fresh Cut Pineapple Chunks', '200 g', 69, 79, 'Juicy, tangy pineapple chunks, peeled and cored for you.'],
          ['cut-fruit', 'Fresh Cut Watermelon Cubes', '250 g', 49, null],
          ['cut-fruit', 'Mixed Fruit Bowl', '250 g', 99, 120, 'A colourful bowl of seasonal fruit: papaya, pineapple, melon, apple and grapes.'],
          ['cut-fruit', 'Pomegranate Arils (Peeled)', '200 g', 119, 139, 'Ruby-red pomegranate arils, peeled by hand so you do not have to.'],
          ['cut-fruit', 'Fresh Cut Muskmelon Cubes', '200 g', 55, 65],
        ],
      },
      {
        id: 'dry-fruits',
        name: 'Dry Fruits & Nuts',
        storage: 'ambient',
        products: [
          ['almonds', 'Happilo|Premium Californian Almonds', '200 g', 279, 350],
          ['almonds', 'Nutraj|California Almonds', '500 g', 599, 799],
          ['cashews', 'Happilo|Premium Whole Cashews', '200 g', 249, 320],
          ['cashews', 'Nutraj|Cashew Nuts W320', '250 g', 299, 399, 'Large, whole W320-grade cashews, creamy and crunchy.'],
          ['raisins', 'Happilo|Seedless Green Raisins', '250 g', 149, 199],
          ['raisins', 'Tulsi|Indian Kishmish Raisins', '200 g', 119, null],
          ['walnuts', 'Nutraj|Walnut Kernels', '200 g', 329, 420],
          ['dates', 'Lion|Seedless Dates', '500 g', 159, 190],
          ['dates', 'Happilo|Medjool Dates', '250 g', 449, 549, 'Large, soft Medjool dates with a caramel-like sweetness.'],
          ['pistachios', 'Happilo|Roasted & Salted Pistachios', '200 g', 349, 450],
          ['mixed-nuts', 'Farmley|Classic Trail Mix', '200 g', 299, 399],
          ['makhana', 'Farmley|Roasted Makhana Peri Peri', '60 g', 99, 125, 'Crunchy roasted fox nuts tossed in a tangy peri peri seasoning.'],
          ['makhana', 'Phool Makhana (Fox Nuts)', '100 g', 149, null],
          ['gift-box', 'Nutraj|Festive Dry Fruits Gift Box', '1 kg', 1249, 1599],
        ],
      },
    ],
  },
  {
    id: 'vegetables',
    name: 'Vegetables',
    colour: '#16a34a',
    kinds: {
      onion: { label: 'Onion', shape: 'round', about: 'Firm onions with a sharp bite that turns sweet when cooked.', use: 'The base of almost every curry, and great raw in salads and raita.' },
      potato: { label: 'Potato', shape: 'oval', about: 'Versatile potatoes with smooth skin and a floury texture.', use: 'Use them for aloo sabzi, parathas, fries and dum aloo.' },
      tomato: { label: 'Tomato', shape: 'round', about: 'Juicy red tomatoes with a lively, tangy flavour.', use: 'Essential for curries, chutneys, salads and rasam.' },
      carrot: { label: 'Carrot', shape: 'long', about: 'Crunchy, sweet carrots.', use: 'Grate them into salads, stir them into sabzi or slow-cook them into gajar ka halwa.' },
      cucumber: { label: 'Cucumber', shape: 'long', about: 'Cool, crisp cucumbers full of water.', use: 'Slice them for salads, raita and sandwiches.' },
      capsicum: { label: 'Capsicum', shape: 'round', about: 'Crunchy capsicum with a mild, fresh flavour.', use: 'Great in stir-fries, pizzas, pulao and stuffed shimla mirch.' },
      cauliflower: { label: 'Cauliflower', shape: 'round', about: 'A compact, creamy-white cauliflower head.', use: 'Cook it into aloo gobi, gobi paratha or crispy gobi manchurian.' },
      cabbage: { label: 'Cabbage', shape: 'round', about: 'A firm, leafy cabbage with a mild crunch.', use: 'Use it for patta gobi sabzi, coleslaw, momos and spring rolls.' },
      brinjal: { label: 'Brinjal', shape: 'oval', about: 'Glossy brinjals with tender flesh.', use: 'Roast them for baingan bharta or cook them into sambar and bharwa baingan.' },
      okra: { label: 'Bhindi', shape: 'long', about: 'Tender, slender okra pods.', use: 'Cook them into crisp bhindi fry, masala bhindi or kadhi.' },
      ginger: { label: 'Ginger', shape: 'oval', about: 'Fresh, aromatic ginger root with a warm bite.', use: 'Crush it into masala chai, curries and ginger-garlic paste.' },
      garlic: { label: 'Garlic', shape: 'round', about: 'Pungent garlic bulbs with plump cloves.', use: 'Add it to tadka, chutneys, dals and stir-fries.' },
      'green-chilli': { label: 'Chilli', shape: 'long', about: 'Fresh green chillies with a sharp heat.', use: 'Slit them into tadka, chutneys and pickles, or chop them into raita.' },
      lemon: { label: 'Lemon', shape: 'round', about: 'Juicy lemons with a bright, sour tang.', use: 'Squeeze them over salads, dal and chaat, or make fresh nimbu pani.' },
      gourd: { label: 'Gourd', shape: 'long', about: 'Tender gourd that cooks quickly and tastes mild.', use: 'Cook it into a light sabzi, a kofta curry or dal.' },
      'bitter-gourd': { label: 'Karela', shape: 'long', about: 'Bitter gourd with the sharp bitterness karela lovers enjoy.', use: 'Stuff and fry it, or cook it into a crisp karela sabzi with onions.' },
      beans: { label: 'Beans', shape: 'long', about: 'Tender, stringless French beans.', use: 'Use them in beans poriyal, mixed veg, fried rice and soups.' },
      peas: { label: 'Peas', shape: 'grapes', about: 'Sweet green peas in the pod.', use: 'Shell them for matar paneer, pulao, upma and aloo matar.' },
      radish: { label: 'Radish', shape: 'long', about: 'Crisp white radish with a peppery bite.', use: 'Grate it for mooli paratha or slice it into salads and sambar.' },
      beetroot: { label: 'Beetroot', shape: 'round', about: 'Earthy, deep-red beetroot.', use: 'Use it in salads, juices, raita and beetroot poriyal.' },
      pumpkin: { label: 'Pumpkin', shape: 'round', about: 'Sweet yellow pumpkin with soft flesh.', use: 'Cook it into kaddu ki sabzi, sambar or a creamy soup.' },
      corn: { label: 'Corn', shape: 'long', about: 'Sweet corn with juicy, tender kernels.', use: 'Boil or roast it with lemon and masala, or add it to soups and salads.' },
      drumstick: { label: 'Drumstick', shape: 'long', about: 'Fresh drumsticks (moringa pods) with tender insides.', use: 'A must for sambar, drumstick curry and dal.' },
      greens: { label: 'Greens', shape: 'leafy', about: 'Fresh, tender leafy greens packed with iron and fibre.', use: 'Cook them into saag, dal, parathas or a quick stir-fry.' },
      herbs: { label: 'Herbs', shape: 'leafy', about: 'Fragrant fresh herbs with tender leaves.', use: 'Use them to garnish curries, blend chutneys or brew into tea.' },
      'spring-onion': { label: 'Spring Onion', shape: 'long', about: 'Spring onions with crisp green tops and mild white bulbs.', use: 'Add them to fried rice, noodles, soups and omelettes.' },
      broccoli: { label: 'Broccoli', shape: 'round', about: 'Fresh green broccoli with tight florets.', use: 'Steam, roast or stir-fry it, or add it to pasta and soups.' },
      zucchini: { label: 'Zucchini', shape: 'long', about: 'Tender zucchini with a mild, delicate flavour.', use: 'Grill or saute it, or toss it through pasta.' },
      lettuce: { label: 'Lettuce', shape: 'leafy', about: 'Crisp, crunchy lettuce leaves.', use: 'The base for salads, burgers, wraps and sandwiches.' },
      mushroom: { label: 'Mushroom', shape: 'round', about: 'Fresh, firm button mushrooms.', use: 'Cook them into mushroom masala, pizzas, soups and stir-fries.' },
    },
    subcategories: [
      {
        id: 'fresh-vegetables',
        name: 'Fresh Vegetables',
        storage: 'fresh',
        products: [
          ['onion', 'Onion', '1 kg', 39, 49],
          ['onion', 'Onion Red (Nashik)', '2 kg', 75, 95, 'Deep red Nashik onions with a strong, pungent flavour.'],
          ['potato', 'Potato', '1 kg', 35, 45],
          ['potato', 'Baby Potato', '500 g', 35, 45, 'Small, waxy baby potatoes that hold their shape when cooked.'],
          ['potato', 'Sweet Potato (Shakarkandi)', '500 g', 39, 50, 'Naturally sweet shakarkandi with soft orange flesh.'],
          ['tomato', 'Tomato Hybrid', '500 g', 24, 30],
          ['tomato', 'Tomato Local (Desi)', '1 kg', 45, 58, 'Tangy desi tomatoes that cook down into rich, red gravies.'],
          ['carrot', 'Carrot Red (Delhi)', '500 g', 35, 45, 'Juicy red Delhi carrots, the winter favourite for halwa.'],
          ['carrot', 'Carrot Orange (Ooty)', '500 g', 45, 55],
          ['cucumber', 'Cucumber Green', '500 g', 29, 38],
          ['capsicum', 'Capsicum Green', '250 g', 25, 32],
          ['cauliflower', 'Cauliflower', '1 pc (approx. 400-600 g)', 39, 49],
          ['cabbage', 'Cabbage', '1 pc (approx. 500-800 g)', 35],
          ['brinjal', 'Brinjal Bharta (Large)', '1 pc (approx. 400-600 g)', 35, null, 'A large, round bharta brinjal with few seeds and smoky-sweet flesh when roasted.'],
          ['brinjal', 'Brinjal Long Purple', '250 g', 22, 28],
          ['okra', 'Bhindi (Lady Finger)', '250 g', 25, 32],
          ['ginger', 'Ginger', '100 g', 18, 24],
          ['garlic', 'Garlic (Desi)', '200 g', 49, 62],
          ['green-chilli', 'Green Chilli', '100 g', 12, null],
          ['lemon', 'Lemon', '4 pcs', 25, 30],
          ['gourd', 'Bottle Gourd (Lauki)', '1 pc (approx. 600-800 g)', 35, 45],
          ['gourd', 'Ridge Gourd (Turai)', '500 g', 39, 48],
          ['gourd', 'Round Gourd (Tinda)', '250 g', 29, null],
          ['bitter-gourd', 'Bitter Gourd (Karela)', '250 g', 29, 36],
          ['beans', 'French Beans', '250 g', 35, 45],
          ['peas', 'Green Peas', '500 g', 59, 75],
          ['radish', 'Radish White (Mooli)', '500 g', 25],
          ['beetroot', 'Beetroot', '500 g', 35],
          ['pumpkin', 'Pumpkin Yellow (Kaddu)', '500 g', 25, 32],
          ['corn', 'Sweet Corn', '2 pcs', 49, 60],
          ['banana', 'Raw Bananas (Kaccha Kela)', '2 pcs', 25, null, 'Firm, green raw bananas for cooking.'],
          ['drumstick', 'Drumstick (Moringa)', '250 g', 39, 49],
        ],
      },
      {
        id: 'leafy-herbs',
        name: 'Leafy Greens & Herbs',
        storage: 'fresh',
        products: [
          ['greens', 'Spinach (Palak)', '250 g', 19, 25],
          ['greens', 'Fenugreek Leaves (Methi)', '250 g', 25, 30, 'Fresh methi leaves with their typical pleasant bitterness.'],
          ['greens', 'Sarson Saag (Mustard Greens)', '500 g', 35, 45, 'Peppery mustard greens, the heart of sarson da saag.'],
          ['greens', 'Bathua Leaves', '250 g', 25, null],
          ['greens', 'Amaranth Leaves (Chaulai)', '250 g', 22, 28],
          ['herbs', 'Coriander Leaves (Dhania)', '100 g', 12, 15],
          ['herbs', 'Mint Leaves (Pudina)', '100 g', 12, 15, 'Cool, fragrant mint leaves.'],
          ['herbs', 'Curry Leaves', '50 g', 10, null],
          ['herbs', 'Dill Leaves (Suva)', '100 g', 15],
          ['spring-onion', 'Spring Onion', '250 g', 29, 36],
        ],
      },
      {
        id: 'exotic-vegetables',
        name: 'Exotic Vegetables',
        storage: 'fresh',
        products: [
          ['broccoli', 'Broccoli', '1 pc (approx. 250-350 g)', 69, 89],
          ['capsicum', 'Bell Pepper Red', '1 pc (approx. 150-200 g)', 49, 65, 'Sweet, crunchy red bell pepper with thick, glossy walls.'],
          ['capsicum', 'Bell Pepper Yellow', '1 pc (approx. 150-200 g)', 49, 65, 'Sweet, crunchy yellow bell pepper with thick, glossy walls.'],
          ['zucchini', 'Zucchini Green', '1 pc (approx. 250-300 g)', 49, 59],
          ['lettuce', 'Lettuce Iceberg', '1 pc (approx. 300-400 g)', 69, 89],
          ['mushroom', 'Button Mushroom', '200 g', 49, 60],
          ['tomato', 'Cherry Tomato', '200 g', 59, 79, 'Bite-sized cherry tomatoes, sweet and bursting with juice.'],
          ['corn', 'Baby Corn (Peeled)', '200 g', 45, 55, 'Tender, peeled baby corn with a delicate crunch.'],
        ],
      },
      {
        id: 'organic-produce',
        name: 'Organic Produce',
        storage: 'fresh',
        closings: [
          'Certified organic and grown without synthetic pesticides; sold as {unit}.',
          'Grown on {brand} partner farms without synthetic pesticides or fertilisers.',
          'Certified organic produce, grown without synthetic pesticides.',
        ],
        products: [
          ['potato', 'Bhoomi|Organic Potato', '1 kg', 59, 75],
          ['onion', 'Bhoomi|Organic Onion', '1 kg', 65, 80],
          ['tomato', 'Bhoomi|Organic Tomato', '500 g', 45, 55],
          ['carrot', 'Bhoomi|Organic Carrot', '500 g', 55, 69],
          ['cucumber', 'Bhoomi|Organic Cucumber', '500 g', 45, 59],
          ['greens', 'Bhoomi|Organic Spinach (Palak)', '250 g', 35, 45],
          ['ginger', 'Bhoomi|Organic Ginger', '200 g', 49, 62],
          ['garlic', 'Bhoomi|Organic Garlic', '200 g', 79, 99],
          ['lemon', 'Prakriti|Organic Lemon', '250 g', 45, 59],
          ['banana', 'Prakriti|Organic Bananas Robusta', '6 pcs', 69, 85],
          ['apple', 'Prakriti|Organic Apple Himachal', '4 pcs', 199, 249],
          ['okra', 'Bhoomi|Organic Bhindi (Lady Finger)', '250 g', 45, 55],
          ['gourd', 'Bhoomi|Organic Bottle Gourd (Lauki)', '1 pc (approx. 600-800 g)', 55, 69],
          ['capsicum', 'Bhoomi|Organic Capsicum Green', '250 g', 45, 55],
          ['green-chilli', 'Bhoomi|Organic Green Chilli', '100 g', 25, null],
          ['brinjal', 'Bhoomi|Organic Brinjal Long', '500 g', 49, 59],
          ['beetroot', 'Prakriti|Organic Beetroot', '500 g', 55, 69],
          ['papaya', 'Prakriti|Organic Papaya', '1 pc (approx. 800 g-1 kg)', 89, 110],
        ],
      },
    ],
  },
  {
    id: 'dairy',
    name: 'Dairy & Eggs',
    colour: '#0284c7',
    kinds: {
      milk: { label: 'Milk', shape: 'carton', about: 'Pasteurised milk with a clean, fresh taste.', use: 'Use it for chai, coffee, cereal, smoothies or homemade curd.' },
      'flavoured-milk': { label: 'Milkshake', shape: 'bottle', about: 'A chilled, ready-to-drink flavoured milk.', use: 'Grab one for a quick snack, the lunch box or after a workout.' },
      curd: { label: 'Curd', shape: 'cup', about: 'Thick, creamy curd set from fresh milk.', use: 'Have it with meals, whisk it into raita and lassi, or use it in marinades.' },
      yogurt: { label: 'Yogurt', shape: 'cup', about: 'Smooth, creamy yogurt.', use: 'Eat it as a snack or dessert, or top it with fruit and granola.' },
      buttermilk: { label: 'Chaas', shape: 'bottle', about: 'Refreshing buttermilk (chaas) with a light, tangy taste.', use: 'Drink it chilled with lunch or on a hot afternoon.' },
      lassi: { label: 'Lassi', shape: 'bottle', about: 'Thick, sweet lassi made from curd.', use: 'A cooling drink for summer afternoons, best served chilled.' },
      paneer: { label: 'Paneer', shape: 'block', about: 'Soft, fresh paneer that holds its shape when cooked.', use: 'Cook it into palak paneer, paneer tikka, bhurji or butter masala.' },
      cheese: { label: 'Cheese', shape: 'block', about: 'Smooth, creamy cheese that melts well.', use: 'Use it in sandwiches, pizzas, pasta and parathas.' },
      butter: { label: 'Butter', shape: 'block', about: 'Rich, creamy butter made from fresh cream.', use: 'Spread it on toast and parathas or use it for baking and tadka.' },
      cream: { label: 'Cream', shape: 'carton', about: 'Smooth, rich dairy cream.', use: 'Stir it into curries, soups and desserts, or whip it for cakes.' },
      eggs: { label: 'Eggs', shape: 'eggs', about: 'Fresh eggs with firm whites and bright yolks.', use: 'Make omelettes, bhurji and egg curry, or use them for baking.' },
    },
    subcategories: [
      {
        id: 'milk',
        name: 'Milk',
        storage: 'chilled',
        products: [
          ['milk', 'Amul|Taaza Toned Milk', '500 ml', 28, null, 'Amul Taaza toned milk with 3% fat, light and everyday-fresh.'],
          ['milk', 'Amul|Gold Full Cream Milk', '1 L', 68, 69, 'Rich, creamy full cream milk with 6% fat.'],
          ['milk', 'Amul|Gold Full Cream Milk', '500 ml', 34, 35, 'Rich, creamy full cream milk with 6% fat.'],
          ['milk', 'Mother Dairy|Toned Milk', '1 L', 56, 58],
          ['milk', 'Mother Dairy|Full Cream Milk', '500 ml', 34, null, 'Creamy full cream milk, ideal for kheer, paneer and thick chai.'],
          ['milk', 'Mother Dairy|Cow Milk', '500 ml', 29, 30, 'Light, easy-to-digest cow milk.'],
          ['milk', 'Amul|Taaza Homogenised Toned Milk (Tetra Pack)', '1 L', 74, 77, 'UHT-treated toned milk in a tetra pack that keeps for months unopened.'],
          ['milk', 'Akshayakalpa|Organic Cow Milk', '1 L', 95, 99, 'Certified organic cow milk from small farms, unadulterated and full of flavour.'],
          ['milk', 'Nestle|a+ Slim Double Toned Milk', '1 L', 72, 78, 'Double toned milk with just 1.5% fat.'],
          ['flavoured-milk', 'Amul|Kool Kesar Flavoured Milk', '180 ml', 25, 25, 'Chilled milk flavoured with saffron and cardamom.'],
          ["flavoured-milk", "Hershey's|Chocolate Milkshake", '180 ml', 45, 50, 'A thick, creamy chocolate milkshake.'],
        ],
      },
      {
        id: 'curd-yogurt',
        name: 'Curd & Yogurt',
        storage: 'chilled',
        products: [
          ['curd', 'Mother Dairy|Classic Curd', '400 g', 45, 48],
          ['curd', 'Amul|Masti Dahi (Curd)', '400 g', 35, 36],
          ['curd', 'Nestle|a+ Nourish Dahi (Curd)', '400 g', 70, 75],
          ['curd', 'Mother Dairy|Probiotic Curd', '400 g', 55, 60, 'Creamy curd with added probiotic cultures for good digestion.'],
          ['curd', 'Milky Mist|Set Curd Cup', '400 g', 60, 65],
          ['yogurt', 'Epigamia|Greek Yogurt Blueberry', '90 g', 55, 60, 'Thick, high-protein Greek yogurt swirled with blueberry.'],
          ['yogurt', 'Epigamia|Natural Greek Yogurt', '400 g', 179, 199, 'Thick, unsweetened Greek yogurt with double the protein of regular curd.'],
          ['yogurt', 'Mother Dairy|Mishti Doi (Sweet Curd)', '85 g', 25, null, 'Bengal-style sweet curd, caramel-coloured and set in a cup.'],
          ['buttermilk', 'Amul|Masti Spiced Buttermilk', '200 ml', 15, null],
          ['lassi', 'Mother Dairy|Sweet Lassi', '200 ml', 25, 25],
        ],
      },
      {
        id: 'paneer-cheese',
        name: 'Paneer & Cheese',
        storage: 'chilled',
        products: [
          ['paneer', 'Amul|Malai Paneer', '200 g', 90, 95],
          ['paneer', 'Amul|Malai Paneer', '1 kg', 420, 450],
          ['paneer', 'Mother Dairy|Fresh Paneer', '200 g', 85, 90],
          ['paneer', 'Milky Mist|Paneer Block', '500 g', 240, 260],
          ['paneer', 'Gowardhan|Fresh Paneer', '200 g', 88, null],
          ['cheese', 'Amul|Processed Cheese Slices', '200 g', 145, 150],
          ['cheese', 'Amul|Pizza Mozzarella Cheese', '200 g', 110, 120, 'Stretchy mozzarella that melts into golden, stringy pizza topping.'],
          ['cheese', 'Amul|Processed Cheese Block', '400 g', 240, 250],
          ['cheese', 'Britannia|Cheese Cubes', '200 g', 140, 150],
          ['cheese', 'Go|Cheese Spread Garlic & Herbs', '180 g', 109, 120, 'A smooth cheese spread flavoured with garlic and herbs.'],
        ],
      },
      {
        id: 'butter-cream',
        name: 'Butter & Cream',
        storage: 'chilled',
        products: [
          ['butter', 'Amul|Pasteurised Butter', '100 g', 58, 60, 'Amul\'s classic salted butter, utterly butterly delicious.'],
          ['butter', 'Amul|Pasteurised Butter', '500 g', 285, 290, 'Amul\'s classic salted butter, utterly butterly delicious.'],
          ['butter', 'Mother Dairy|Salted Butter', '100 g', 56, null],
          ['butter', 'Amul|Garlic & Herbs Butter', '100 g', 65, 70, 'Creamy butter blended with garlic and herbs.'],
          ['cream', 'Amul|Fresh Cream', '250 ml', 68, 72],
          ['cream', 'Milky Mist|Cooking Cream', '200 ml', 65, 75],
          ['cream', 'Amul|Whipping Cream', '1 L', 249, 270, 'Non-dairy whipping cream that whips up stiff and glossy.'],
        ],
      },
      {
        id: 'eggs',
        name: 'Eggs',
        storage: 'chilled',
        closings: [
          'Each egg is checked for cracks; this pack holds {unit}.',
          'Checked for cracks and packed in a protective tray.',
        ],
        products: [
          ['eggs', 'Farm Fresh Eggs', '6 pcs', 49, 54],
          ['eggs', 'Farm Fresh Eggs', '1 dozen', 94, 105],
          ['eggs', 'Eggoz|Nutrition Brown Eggs', '6 pcs', 99, 110, 'Brown eggs from hens raised on a vegetarian diet.'],
          ['eggs', 'Eggoz|Protein Rich White Eggs', '30 pcs', 289, 330],
          ['eggs', 'Licious|Classic White Eggs', '6 pcs', 65, null],
          ['eggs', 'Country Eggs (Desi Anda)', '6 pcs', 90, 99, 'Small desi eggs from free-range country hens, with deep orange yolks.'],
        ],
      },
    ],
  },
  {
    id: 'snacks',
    name: 'Snacks',
    colour: '#dc2626',
    kinds: {
      chips: { label: 'Chips', shape: 'packet', about: 'Crunchy, well-seasoned chips.', use: 'Perfect for movie nights, parties and tea-time munching.' },
      namkeen: { label: 'Namkeen', shape: 'packet', about: 'A classic crunchy Indian namkeen full of spice.', use: 'Enjoy it with evening chai, or sprinkle it over poha and chaat.' },
      biscuits: { label: 'Biscuits', shape: 'box', about: 'Crisp, freshly baked biscuits.', use: 'Dunk them in chai, pack them for school or keep them for guests.' },
      chocolate: { label: 'Chocolate', shape: 'bar', about: 'Smooth, melt-in-the-mouth chocolate.', use: 'A sweet treat to share, gift or keep for yourself.' },
      sweets: { label: 'Sweets', shape: 'can', about: 'Traditional Indian mithai made the classic way.', use: 'Serve them at festivals, family visits or after dinner.' },
      noodles: { label: 'Noodles', shape: 'packet', about: 'Quick-cooking instant noodles with a tasty masala.', use: 'Ready in minutes for a hot snack any time of day.' },
      pasta: { label: 'Pasta', shape: 'packet', about: 'Durum wheat pasta that cooks to a firm bite.', use: 'Toss it with red sauce, white sauce or masala for a quick meal.' },
      soup: { label: 'Soup', shape: 'packet', about: 'An instant soup mix with a rich, thick texture.', use: 'Whisk it into boiling water for a warm bowl in five minutes.' },
      'ready-meal': { label: 'Ready Meal', shape: 'box', about: 'A ready-to-eat Indian meal made without added preservatives.', use: 'Heat the pouch for a few minutes and serve with rice or rotis.' },
      popcorn: { label: 'Popcorn', shape: 'packet', about: 'Microwave popcorn kernels with a rich buttery flavour.', use: 'Pop it in the microwave in about three minutes for movie night.' },
    },
    subcategories: [
      {
        id: 'chips-crisps',
        name: 'Chips & Crisps',
        storage: 'ambient',
        products: [
          ['chips', "Lay's|India's Magic Masala Potato Chips", '50 g', 20, 20, 'Crunchy potato chips tossed in a tangy, spicy Indian masala.'],
          ['chips', "Lay's|Classic Salted Potato Chips", '52 g', 20, 20, 'Thin, golden potato chips with just the right pinch of salt.'],
          ['chips', "Lay's|American Style Cream & Onion Potato Chips", '90 g', 50, 50, 'Potato chips with a cool, creamy onion and herb flavour.'],
          ['chips', 'Bingo|Mad Angles Achaari Masti Chips', '66 g', 20, 20, 'Triangle-shaped crunchy chips with a tangy achaar flavour.'],
          ['chips', 'Uncle Chipps|Spicy Treat Potato Chips', '55 g', 20, null],
          ['chips', 'Pringles|Original Potato Crisps', '107 g', 115, 129, 'Stackable, evenly shaped potato crisps in the famous tube.'],
          ['chips', 'Doritos|Nacho Cheese Nachos Chips', '75 g', 50, 50, 'Bold, cheesy corn tortilla chips.'],
          ['chips', 'Balaji|Simply Salted Wafers Chips', '45 g', 10, 10],
          ['chips', 'Kurkure|Masala Munch Corn Puffs', '90 g', 20, 20, 'Crunchy corn puffs with a spicy, tangy masala.'],
          ['chips', 'Too Yumm|Multigrain Chips Tangy Tomato', '54 g', 30, 30, 'Baked multigrain chips with a tangy tomato seasoning and less oil.'],
        ],
      },
      {
        id: 'namkeen',
        name: 'Namkeen & Bhujia',
        storage: 'ambient',
        products: [
          ["namkeen", "Haldiram's|Aloo Bhujia", '200 g', 55, 60, 'Crisp potato and besan sev spiced with mint and black pepper.'],
          ["namkeen", "Haldiram's|Bhujia Sev", '400 g', 105, 115, 'Fine, crunchy moth-bean sev with a peppery kick.'],
          ["namkeen", "Haldiram's|Navratan Mix", '200 g', 55, 60, 'A mix of nine crunchy bites: sev, boondi, peanuts, dal and more.'],
          ["namkeen", "Haldiram's|Moong Dal Namkeen", '200 g', 55, 60, 'Fried, salted moong dal, light and crunchy.'],
          ["namkeen", "Haldiram's|Lite Chiwda", '200 g', 55, null, 'A light poha chiwda with peanuts and curry leaves.'],
          ["namkeen", "Haldiram's|Salted Peanuts", '200 g', 50, 55],
          ['namkeen', 'Bikaji|Bikaneri Bhujia', '400 g', 110, 120, 'Authentic Bikaneri bhujia made with moth dal and spices.'],
          ['namkeen', 'Bikaji|Soya Sticks Masala', '200 g', 50, 50],
          ['namkeen', 'Bikano|Khatta Meetha Namkeen', '400 g', 99, 110, 'A sweet, sour and spicy mix of sev, peanuts and raisins.'],
          ['namkeen', 'Garden|Ratlami Sev', '400 g', 89, null, 'Spicy Ratlami sev with a clove and black pepper bite.'],
        ],
      },
      {
        id: 'biscuits-cookies',
        name: 'Biscuits & Cookies',
        storage: 'ambient',
        products: [
          ['biscuits', 'Parle|-G Original Glucose Biscuits', '800 g', 90, 100, 'The classic glucose biscuit India grew up with.'],
          ['biscuits', 'Britannia|Good Day Cashew Cookies', '200 g', 40, 45, 'Buttery cookies studded with cashew bits.'],
          ['biscuits', 'Britannia|Marie Gold Biscuits', '250 g', 40, null, 'Light, crisp tea-time biscuits.'],
          ['biscuits', 'Sunfeast|Dark Fantasy Choco Fills Cookies', '75 g', 40, 40, 'Chocolate-chip cookies with a molten chocolate filling.'],
          ['biscuits', 'Parle|Hide & Seek Chocolate Chip Cookies', '100 g', 35, 35],
          ['biscuits', 'Britannia|NutriChoice Digestive Biscuits', '250 g', 65, 70, 'High-fibre digestive biscuits made with whole wheat.'],
          ['biscuits', 'Oreo|Original Vanilla Creme Biscuits', '120 g', 35, 35, 'Chocolate sandwich biscuits with a sweet vanilla creme.'],
          ['biscuits', 'Parle|Monaco Salted Biscuits', '75 g', 10, null, 'Light, crispy salted crackers.'],
          ['biscuits', 'Parle|Krackjack Sweet & Salty Biscuits', '120 g', 20, 20],
          ['biscuits', "Sunfeast|Mom's Magic Cashew & Almond Cookies", '200 g', 40, 45],
          ['biscuits', "McVitie's|Digestive Biscuits", '250 g', 99, 110],
          ['biscuits', 'Unibic|Butter Cookies', '300 g', 120, 150, 'Rich, melt-in-the-mouth butter cookies.'],
        ],
      },
      {
        id: 'chocolates-sweets',
        name: 'Chocolates & Sweets',
        storage: 'ambient',
        products: [
          ['chocolate', 'Cadbury|Dairy Milk Chocolate', '52 g', 50, 50],
          ['chocolate', 'Cadbury|Dairy Milk Silk Chocolate', '60 g', 95, 95, 'Extra smooth, silky milk chocolate.'],
          ['chocolate', 'Nestle|KitKat 4 Finger Chocolate Wafer', '37 g', 30, 30, 'Crisp wafer fingers covered in milk chocolate.'],
          ['chocolate', 'Amul|Dark Chocolate 55%', '150 g', 125, 135, 'A rich dark chocolate with 55% cocoa.'],
          ['chocolate', 'Cadbury|5 Star Chocolate Bar', '40 g', 20, 20, 'A chewy caramel and nougat bar coated in chocolate.'],
          ['chocolate', 'Cadbury|Celebrations Assorted Chocolates Gift Pack', '178 g', 199, 225, 'An assortment of favourite Cadbury chocolates in a festive pack.'],
          ['sweets', "Haldiram's|Rasgulla", '1 kg', 199, 225, 'Soft, spongy chenna balls soaked in light sugar syrup.'],
          ['sweets', "Haldiram's|Gulab Jamun", '1 kg', 199, 230, 'Soft khoya dumplings soaked in rose-scented sugar syrup.'],
          ['sweets', 'Bikano|Soan Papdi', '500 g', 135, 150, 'Flaky, melt-in-the-mouth soan papdi with cardamom and pistachio.'],
          ['sweets', 'Bikaji|Kaju Katli', '250 g', 299, 350, 'Thin diamonds of cashew fudge finished with edible silver.'],
        ],
      },
      {
        id: 'instant-food',
        name: 'Noodles & Instant Food',
        storage: 'ambient',
        products: [
          ['noodles', 'Maggi|2-Minute Noodles Masala', '280 g', 56, 60, 'India\'s favourite instant noodles with the classic masala tastemaker.'],
          ['noodles', 'Maggi|2-Minute Noodles Masala', '70 g', 14, null, 'India\'s favourite instant noodles with the classic masala tastemaker.'],
          ['noodles', 'Yippee|Magic Masala Noodles', '240 g', 48, 50],
          ['noodles', "Ching's Secret|Schezwan Instant Noodles", '240 g', 60, 68, 'Instant noodles with a fiery Schezwan seasoning.'],
          ['noodles', 'Nissin|Cup Noodles Mazedaar Masala', '70 g', 50, 55, 'Instant noodles in a cup: just add hot water.'],
          ['pasta', 'Del Monte|Penne Pasta', '500 g', 129, 150],
          ['soup', 'Knorr|Classic Thick Tomato Soup', '53 g', 60, 65, 'A thick, tangy tomato soup mix; one pack makes four bowls.'],
          ['ready-meal', 'MTR|Ready to Eat Rajma Masala', '300 g', 115, 125, 'Kidney beans slow-cooked in a tomato and onion gravy.'],
          ['ready-meal', 'MTR|Ready to Eat Paneer Butter Masala', '300 g', 145, 160, 'Soft paneer in a rich, buttery tomato gravy.'],
          ['popcorn', 'ACT II|Butter Lovers Instant Popcorn', '70 g', 30, 30],
        ],
      },
    ],
  },
  {
    id: 'personal-care',
    name: 'Personal Care',
    colour: '#db2777',
    kinds: {
      soap: { label: 'Soap', shape: 'bar', about: 'A bathing soap with a rich, creamy lather.', use: 'Use it every day for a clean, fresh feel.' },
      'body-wash': { label: 'Body Wash', shape: 'bottle', about: 'A gentle shower gel with a refreshing fragrance.', use: 'Lather it up with a loofah for a soft, clean feel.' },
      handwash: { label: 'Handwash', shape: 'bottle', about: 'A liquid handwash that cleans and protects against germs.', use: 'Keep it by the sink for everyone at home.' },
      deodorant: { label: 'Deodorant', shape: 'can', about: 'A long-lasting body spray with a fresh fragrance.', use: 'Spray it from a distance after a shower to stay fresh all day.' },
      shampoo: { label: 'Shampoo', shape: 'bottle', about: 'A daily shampoo that cleans gently and leaves hair soft.', use: 'Massage it into wet hair, lather and rinse well.' },
      conditioner: { label: 'Conditioner', shape: 'bottle', about: 'A conditioner that smooths and detangles hair.', use: 'Apply it after shampoo to the lengths, leave for two minutes and rinse.' },
      'hair-oil': { label: 'Hair Oil', shape: 'bottle', about: 'A nourishing hair oil for stronger, shinier hair.', use: 'Massage it into the scalp and leave it on for an hour or overnight before washing.' },
      toothpaste: { label: 'Toothpaste', shape: 'tube', about: 'A toothpaste that fights cavities and freshens breath.', use: 'Brush twice a day for strong teeth and healthy gums.' },
      toothbrush: { label: 'Toothbrush', shape: 'long', about: 'Toothbrushes with bristles that reach between the teeth.', use: 'Change your brush every three months for the best clean.' },
      mouthwash: { label: 'Mouthwash', shape: 'bottle', about: 'A mouthwash that kills germs and freshens breath.', use: 'Rinse for 30 seconds after brushing, twice a day.' },
      'face-wash': { label: 'Face Wash', shape: 'tube', about: 'A face wash that clears oil and dirt without drying the skin.', use: 'Use it morning and night on damp skin, then rinse.' },
      'skin-cream': { label: 'Cream', shape: 'jar', about: 'A light, non-greasy moisturiser for soft, smooth skin.', use: 'Apply it daily after washing your face or bathing.' },
      sunscreen: { label: 'Sunscreen', shape: 'tube', about: 'A lightweight sunscreen with broad-spectrum protection.', use: 'Apply it generously 15 minutes before stepping out and again every few hours.' },
      'sanitary-pads': { label: 'Pads', shape: 'packet', about: 'Sanitary pads with a soft top layer and leak-lock protection.', use: 'Choose the size that suits your flow, day or night.' },
    },
    subcategories: [
      {
        id: 'bath-body',
        name: 'Bath & Body',
        storage: 'ambient',
        products: [
          ['soap', 'Dettol|Original Soap', '3 x 125 g', 149, 170, 'Dettol\'s original germ-protection soap with the familiar pine fragrance.'],
          ['soap', 'Lux|Soft Glow Rose & Vitamin E Soap', '150 g', 42, 46, 'A fragrant beauty soap with rose and vitamin E.'],
          ['soap', 'Lifebuoy|Total 10 Germ Protection Soap', '4 x 125 g', 135, 152],
          ['soap', 'Santoor|Sandal & Turmeric Soap', '4 x 100 g', 165, 184, 'A soap with sandalwood and turmeric for soft, glowing skin.'],
          ['soap', 'Dove|Cream Beauty Bathing Bar', '100 g', 65, 72, 'A gentle bathing bar with a quarter moisturising cream.'],
          ['soap', 'Medimix|Ayurvedic Classic 18 Herbs Soap', '125 g', 45, null, 'An ayurvedic soap made with 18 herbs.'],
          ['body-wash', 'Dove|Deeply Nourishing Body Wash', '250 ml', 299, 345],
          ['body-wash', 'Fiama|Lemongrass & Jojoba Shower Gel', '250 ml', 199, 240],
          ['handwash', 'Dettol|Original Liquid Handwash Refill', '675 ml', 99, 119],
          ['handwash', 'Lifebuoy|Total 10 Handwash', '190 ml', 59, 65],
          ['deodorant', 'Nivea|Men Fresh Active Deodorant', '150 ml', 229, 275],
        ],
      },
      {
        id: 'hair-care',
        name: 'Hair Care',
        storage: 'ambient',
        products: [
          ['shampoo', 'Clinic Plus|Strong & Long Shampoo', '340 ml', 199, 235],
          ['shampoo', 'Head & Shoulders|Anti-Dandruff Shampoo Smooth & Silky', '340 ml', 359, 425, 'An anti-dandruff shampoo that keeps flakes away and hair smooth.'],
          ['shampoo', 'Sunsilk|Black Shine Shampoo', '360 ml', 229, 270],
          ['shampoo', 'Dove|Intense Repair Shampoo', '340 ml', 329, 399, 'A repairing shampoo for dry, damaged hair.'],
          ['conditioner', 'Pantene|Hair Fall Control Conditioner', '180 ml', 199, 225],
          ['hair-oil', 'Parachute|100% Pure Coconut Oil', '250 ml', 115, 128, 'Pure coconut oil for hair and skin, from selected coconuts.'],
          ['hair-oil', 'Dabur|Amla Hair Oil', '275 ml', 145, 160, 'A hair oil enriched with amla for strong, dark hair.'],
          ['hair-oil', 'Bajaj|Almond Drops Hair Oil', '190 ml', 120, null, 'A light, non-sticky hair oil with almond oil and vitamin E.'],
          ['hair-oil', 'Indulekha|Bringha Ayurvedic Hair Oil', '100 ml', 399, 475, 'An ayurvedic hair oil with bhringraj to reduce hair fall.'],
        ],
      },
      {
        id: 'oral-care',
        name: 'Oral Care',
        storage: 'ambient',
        products: [
          ['toothpaste', 'Colgate|Strong Teeth Toothpaste', '200 g', 115, 128],
          ['toothpaste', 'Colgate|MaxFresh Red Gel Toothpaste', '150 g', 105, 120, 'A gel toothpaste with cooling crystals for intense freshness.'],
          ['toothpaste', 'Pepsodent|Germicheck Toothpaste', '150 g', 85, 99],
          ['toothpaste', 'Sensodyne|Fresh Mint Sensitive Toothpaste', '75 g', 165, 180, 'A toothpaste that relieves sensitivity to hot and cold.'],
          ['toothpaste', 'Dabur|Red Toothpaste', '200 g', 115, null, 'An ayurvedic toothpaste with clove, pudina and other herbs.'],
          ['toothbrush', 'Colgate|ZigZag Medium Toothbrush', '4 pcs', 99, 120],
          ['toothbrush', 'Oral-B|Pro-Health Soft Toothbrush', '2 pcs', 99, 120],
          ['mouthwash', 'Listerine|Cool Mint Mouthwash', '250 ml', 165, 190],
        ],
      },
      {
        id: 'skin-care',
        name: 'Skin & Face Care',
        storage: 'ambient',
        products: [
          ['face-wash', 'Himalaya|Purifying Neem Face Wash', '150 ml', 199, 230, 'A soap-free face wash with neem and turmeric that helps prevent pimples.'],
          ['face-wash', 'Garnier|Men Oil Clear Face Wash', '100 g', 189, 199],
          ['face-wash', 'Clean & Clear|Foaming Face Wash', '100 ml', 145, null],
          ['skin-cream', 'Nivea|Soft Light Moisturising Cream', '100 ml', 225, 250],
          ['skin-cream', 'Vaseline|Intensive Care Deep Restore Body Lotion', '400 ml', 349, 430, 'A body lotion that restores very dry skin in a week.'],
          ["skin-cream", "Pond's|Super Light Gel Moisturiser", '73 g', 249, 299],
          ['skin-cream', 'Boroplus|Antiseptic Cream', '80 ml', 119, 130, 'An ayurvedic antiseptic cream for dry skin, cuts and cracked heels.'],
          ['sunscreen', 'Lakme|Sun Expert SPF 50 Sunscreen Lotion', '100 ml', 349, 399],
        ],
      },
      {
        id: 'feminine-hygiene',
        name: 'Feminine Hygiene',
        storage: 'ambient',
        products: [
          ['sanitary-pads', 'Whisper|Choice Ultra XL Sanitary Pads', '20 pcs', 145, 165],
          ['sanitary-pads', 'Stayfree|Secure XL Cottony Soft Sanitary Pads', '20 pcs', 149, 160],
          ['sanitary-pads', 'Sofy|Antibacteria Extra Long Sanitary Pads', '28 pcs', 299, 340],
          ['sanitary-pads', 'Whisper|Ultra Clean XL+ Sanitary Pads', '30 pcs', 349, 399, 'Extra-long wings and a wide back for up to 8 hours of protection.'],
        ],
      },
    ],
  },
  {
    id: 'baby',
    name: 'Baby Care',
    colour: '#7c3aed',
    kinds: {
      diapers: { label: 'Diapers', shape: 'packet', about: 'Pant-style diapers with a soft waistband and up to 12 hours of dryness.', use: 'Easy to pull up and down, so changes are quick even when baby is on the move.' },
      'baby-wipes': { label: 'Wipes', shape: 'packet', about: 'Soft, gentle wipes made for delicate baby skin.', use: 'Use them at every diaper change and for quick clean-ups on the go.' },
      'baby-food': { label: 'Baby Food', shape: 'box', about: 'A fortified baby cereal with iron and essential vitamins.', use: 'Mix it with warm water or milk as directed on the pack; suitable from 6 months.' },
      'infant-formula': { label: 'Formula', shape: 'can', about: 'An infant formula with the essential nutrients growing babies need.', use: 'Prepare it strictly as directed on the pack; breast milk is best for babies.' },
      'baby-lotion': { label: 'Lotion', shape: 'bottle', about: 'A mild baby lotion that keeps delicate skin soft and moisturised.', use: 'Apply it after bath time and whenever baby\'s skin feels dry.' },
      'baby-oil': { label: 'Baby Oil', shape: 'bottle', about: 'A light massage oil made for delicate baby skin.', use: 'Warm a little between your palms for a gentle massage before bath time.' },
      'baby-soap': { label: 'Baby Soap', shape: 'bar', about: 'A mild, tear-free baby soap.', use: 'Gentle enough for daily baths from the newborn stage.' },
      'baby-shampoo': { label: 'Shampoo', shape: 'bottle', about: 'A no-tears baby shampoo that is mild on the eyes and scalp.', use: 'Use a few drops at bath time and rinse with lukewarm water.' },
      'baby-powder': { label: 'Powder', shape: 'bottle', about: 'A soft, fine baby powder that keeps skin dry and fresh.', use: 'Dust it lightly after the bath, away from baby\'s face.' },
    },
    subcategories: [
      {
        id: 'diapers-wipes',
        name: 'Diapers & Wipes',
        storage: 'ambient',
        products: [
          ['diapers', 'Pampers|Baby Dry Pants Diapers Medium', '56 pcs', 899, 1099],
          ['diapers', 'Pampers|Baby Dry Pants Diapers Large', '48 pcs', 899, 1099],
          ['diapers', 'Huggies|Wonder Pants Diapers Medium', '56 pcs', 749, 999, 'Pant diapers with a bubble bed that keeps baby dry and comfortable.'],
          ['diapers', 'Huggies|Wonder Pants Diapers Large', '42 pcs', 749, 999, 'Pant diapers with a bubble bed that keeps baby dry and comfortable.'],
          ['diapers', 'MamyPoko|Pants Extra Absorb Diapers XL', '42 pcs', 799, 999],
          ['diapers', 'MamyPoko|Pants Standard Diapers Small', '42 pcs', 399, null],
          ['baby-wipes', 'Himalaya|Gentle Baby Wipes', '72 pcs', 149, 180, 'Gentle wipes with aloe vera and Indian kino.'],
          ['baby-wipes', 'Mother Sparsh|98% Water Unscented Baby Wipes', '72 pcs', 199, 249, 'Plant-based wipes made with 98% water and no added fragrance.'],
          ['baby-wipes', 'Pampers|Fresh Clean Baby Wipes', '64 pcs', 149, 199],
          ['baby-wipes', 'Huggies|Nourish & Care Baby Wipes', '72 pcs', 129, 149],
        ],
      },
      {
        id: 'baby-food',
        name: 'Baby Food',
        storage: 'ambient',
        products: [
          ['baby-food', 'Nestle|Cerelac Wheat Apple Baby Cereal', '300 g', 255, 275],
          ['baby-food', 'Nestle|Cerelac Wheat Rice Mixed Fruit Baby Cereal', '300 g', 265, 285],
          ['baby-food', 'Nestle|Cerelac Multigrain Dal Veg Baby Cereal', '300 g', 275, 295],
          ['baby-food', 'Slurrp Farm|Ragi Banana Baby Porridge Mix', '200 g', 239, 265, 'A porridge mix of sprouted ragi and banana with no added sugar or salt.'],
          ['baby-food', 'Early Foods|Ragi Jaggery Porridge Mix', '200 g', 219, 249, 'A traditional ragi porridge mix sweetened with a little jaggery.'],
          ['infant-formula', 'Nestle|Lactogen 1 Infant Formula', '400 g', 459, 459],
          ['infant-formula', 'Nestle|Nan Pro 1 Infant Formula', '400 g', 905, 905],
          ['infant-formula', 'Similac|Advance Infant Formula Stage 1', '400 g', 799, null],
        ],
      },
      {
        id: 'baby-bath-skin',
        name: 'Baby Bath & Skin',
        storage: 'ambient',
        products: [
          ["baby-lotion", "Johnson's|Baby Lotion", '200 ml', 199, 225],
          ['baby-lotion', 'Mamaearth|Deeply Nourishing Baby Lotion', '200 ml', 299, 349, 'A baby lotion with shea butter, almond and jojoba oils.'],
          ["baby-oil", "Johnson's|Baby Oil", '200 ml', 225, 249],
          ['baby-oil', 'Dabur|Lal Tail Baby Massage Oil', '200 ml', 185, 205, 'A traditional ayurvedic massage oil said to help healthy growth.'],
          ['baby-soap', 'Himalaya|Gentle Baby Soap', '4 x 75 g', 219, 250],
          ['baby-soap', 'Sebamed|Baby Cleansing Bar', '100 g', 299, null, 'A soap-free cleansing bar with a pH of 5.5, like healthy skin.'],
          ["baby-shampoo", "Johnson's|No More Tears Baby Shampoo", '200 ml', 199, 235],
          ['baby-powder', 'Himalaya|Baby Powder', '400 g', 249, 280],
        ],
      },
    ],
  },
  {
    id: 'cleaning',
    name: 'Cleaning',
    colour: '#0d9488',
    kinds: {
      detergent: { label: 'Detergent', shape: 'sack', about: 'A detergent powder that lifts tough stains in a single wash.', use: 'Use it for machine or bucket washing as directed on the pack.' },
      'liquid-detergent': { label: 'Detergent', shape: 'bottle', about: 'A liquid detergent that dissolves fully and removes tough stains.', use: 'Suits front-load and top-load machines as well as bucket washing.' },
      'detergent-bar': { label: 'Bar', shape: 'bar', about: 'A detergent bar for scrubbing collars, cuffs and tough stains.', use: 'Rub it on damp fabric, scrub and rinse.' },
      'fabric-care': { label: 'Fabric Care', shape: 'bottle', about: 'A fabric care liquid that keeps clothes soft, bright and fresh.', use: 'Add it to the final rinse as directed on the pack.' },
      dishwash: { label: 'Dishwash', shape: 'bottle', about: 'A dishwash that cuts through grease and leaves utensils shining.', use: 'A little goes a long way on a wet scrubber.' },
      'dishwash-bar': { label: 'Dishwash', shape: 'bar', about: 'A dishwash bar that removes grease and burnt-on food.', use: 'Rub a damp scrubber on the bar, clean the utensils and rinse.' },
      'dishwasher-tabs': { label: 'Tablets', shape: 'box', about: 'All-in-one dishwasher tablets for sparkling dishes.', use: 'Drop one tablet into the dispenser for each wash.' },
      'floor-cleaner': { label: 'Floor Cleaner', shape: 'bottle', about: 'A disinfectant floor cleaner that kills 99.9% of germs.', use: 'Add half a cap to half a bucket of water and mop as usual.' },
      'toilet-cleaner': { label: 'Toilet Cleaner', shape: 'bottle', about: 'A thick toilet cleaner that removes tough stains and kills germs.', use: 'Squeeze it under the rim, leave for 20 minutes, brush and flush.' },
      'surface-cleaner': { label: 'Cleaner', shape: 'bottle', about: 'A spray cleaner that leaves surfaces streak-free.', use: 'Spray, wipe with a dry cloth and you are done.' },
      'air-freshener': { label: 'Freshener', shape: 'can', about: 'An air freshener with a long-lasting fragrance.', use: 'Use it in living rooms, bathrooms and cars.' },
      repellent: { label: 'Repellent', shape: 'box', about: 'Mosquito and insect protection for the whole family.', use: 'Use it as directed on the pack, especially at dusk and at night.' },
      scrubber: { label: 'Scrubber', shape: 'bar', about: 'Tough scrub pads that remove grease without scratching.', use: 'Use them with dishwash on utensils, tiles and the kitchen sink.' },
      cloth: { label: 'Cloth', shape: 'box', about: 'Soft microfibre cloths that trap dust and absorb spills.', use: 'Use them dry for dusting or damp for wiping counters and glass.' },
      mop: { label: 'Mop', shape: 'long', about: 'A spin mop with a bucket that wrings the mop head dry in seconds.', use: 'Mop the whole house without bending or touching dirty water.' },
      broom: { label: 'Broom', shape: 'long', about: 'A soft broom that sweeps up fine dust.', use: 'Works on marble, tiles and wooden floors alike.' },
      'garbage-bags': { label: 'Bags', shape: 'box', about: 'Strong, leak-proof garbage bags on a roll.', use: 'Fit them in kitchen and bathroom bins for mess-free disposal.' },
    },
    subcategories: [
      {
        id: 'detergents',
        name: 'Detergents & Laundry',
        storage: 'ambient',
        products: [
          ['detergent', 'Surf Excel|Easy Wash Detergent Powder', '1 kg', 140, 150],
          ['detergent', 'Ariel|Matic Top Load Detergent Powder', '1 kg', 299, 350, 'A machine detergent powder made for top-load washing machines.'],
          ['detergent', 'Tide|Plus Double Power Jasmine & Rose Detergent Powder', '1 kg', 125, 140],
          ['detergent', 'Rin|Advanced Detergent Powder', '1 kg', 99, 111],
          ['detergent', 'Ghadi|Detergent Powder', '1 kg', 65, null],
          ['liquid-detergent', 'Surf Excel|Matic Front Load Liquid Detergent', '1 L', 235, 265],
          ['liquid-detergent', 'Ezee|Liquid Detergent for Woollens', '500 ml', 105, 115, 'A gentle liquid detergent for woollens, silks and delicates.'],
          ['detergent-bar', 'Rin|Detergent Bar', '4 x 250 g', 96, 100],
          ['fabric-care', 'Comfort|After Wash Fabric Conditioner Lily Fresh', '860 ml', 229, 260, 'A fabric conditioner that leaves clothes soft and smelling fresh for days.'],
          ['fabric-care', 'Ujala|Supreme Liquid Fabric Whitener', '250 ml', 65, 69, 'A liquid whitener that makes white clothes look brighter.'],
        ],
      },
      {
        id: 'dishwash',
        name: 'Dishwash',
        storage: 'ambient',
        products: [
          ['dishwash', 'Vim|Dishwash Gel Lemon', '750 ml', 175, 199, 'A dishwash gel with the power of lemons.'],
          ['dishwash', 'Vim|Dishwash Gel Lemon Refill Pouch', '2 L', 349, 399, 'A dishwash gel with the power of lemons, in a money-saving refill.'],
          ['dishwash', 'Pril|Lime Dishwash Liquid', '425 ml', 105, 115],
          ['dishwash-bar', 'Vim|Dishwash Bar', '300 g', 30, 33],
          ['dishwash-bar', 'Exo|Touch & Shine Dishwash Bar', '500 g', 45, null],
          ['dishwasher-tabs', 'Finish|All in 1 Dishwasher Tablets', '30 pcs', 799, 999],
          ['surface-cleaner', 'Pitambari|Shining Powder', '200 g', 49, 55, 'A powder that brings back the shine on brass, copper and steel.'],
        ],
      },
      {
        id: 'floor-surface',
        name: 'Floor & Surface Cleaners',
        storage: 'ambient',
        products: [
          ['floor-cleaner', 'Lizol|Disinfectant Floor Cleaner Citrus', '975 ml', 209, 240],
          ['floor-cleaner', 'Lizol|Disinfectant Floor Cleaner Floral', '2 L', 399, 459],
          ['floor-cleaner', 'Dettol|Disinfectant Floor Cleaner Pine', '500 ml', 119, 130],
          ['floor-cleaner', 'Shudh|White Phenyl Floor Cleaner', '1 L', 69, null, 'A classic white phenyl for floors, drains and bathrooms.'],
          ['toilet-cleaner', 'Harpic|Power Plus Toilet Cleaner Original', '1 L', 199, 225],
          ['toilet-cleaner', 'Domex|Disinfectant Toilet Cleaner', '500 ml', 99, 110],
          ['surface-cleaner', 'Colin|Glass & Surface Cleaner Spray', '500 ml', 99, 119],
          ['surface-cleaner', 'Mr Muscle|Kitchen Cleaner Spray', '450 ml', 199, 230, 'A kitchen spray that cuts through grease on hobs, chimneys and tiles.'],
        ],
      },
      {
        id: 'fresheners-repellents',
        name: 'Fresheners & Repellents',
        storage: 'ambient',
        products: [
          ['air-freshener', 'Godrej|aer Spray Room Freshener Cool Surf Blue', '240 ml', 179, 220],
          ['air-freshener', 'Odonil|Bathroom Air Freshener Blocks Jasmine', '4 x 48 g', 199, 232],
          ['repellent', 'Good Knight|Gold Flash Liquid Vaporiser Refill', '45 ml', 85, 96, 'A liquid vaporiser refill that keeps mosquitoes away all night.'],
          ['repellent', 'All Out|Ultra Liquid Vaporiser Refill', '45 ml', 95, null],
          ['repellent', 'HIT|Cockroach Killer Spray', '400 ml', 229, 259, 'A spray that kills cockroaches and reaches deep into cracks and corners.'],
          ['repellent', 'Odomos|Mosquito Repellent Cream', '100 g', 115, 125, 'A non-sticky cream that keeps mosquitoes away for up to 12 hours.'],
        ],
      },
      {
        id: 'cleaning-tools',
        name: 'Cleaning Tools & Bags',
        storage: 'ambient',
        products: [
          ['scrubber', 'Scotch-Brite|Scrub Pad', '3 pcs', 55, 60],
          ['cloth', 'Scotch-Brite|Microfibre Cleaning Cloth', '3 pcs', 199, 249],
          ['mop', 'Gala|Spin Mop with Bucket', '1 pc', 1299, 1999],
          ['broom', 'Gala|Soft Grass Broom', '1 pc', 149, null],
          ['garbage-bags', 'Ezee|Garbage Bags Medium', '30 pcs', 99, 120],
        ],
      },
    ],
  },
  {
    id: 'beverages',
    name: 'Beverages',
    colour: '#92400e',
    kinds: {
      tea: { label: 'Tea', shape: 'box', about: 'A strong, aromatic tea with rich colour and taste.', use: 'Brew it with milk, ginger and elaichi for the perfect cup of chai.' },
      'green-tea': { label: 'Green Tea', shape: 'box', about: 'Light, refreshing green tea bags.', use: 'Steep one bag in hot water for two to three minutes; no milk needed.' },
      coffee: { label: 'Coffee', shape: 'jar', about: 'A rich, aromatic coffee with a smooth finish.', use: 'Make a hot cup, a frothy beaten coffee or a chilled cold coffee.' },
      juice: { label: 'Juice', shape: 'carton', about: 'A refreshing fruit juice full of fruity goodness.', use: 'Serve it chilled at breakfast or pack it for lunch.' },
      'soft-drink': { label: 'Soft Drink', shape: 'bottle', about: 'A fizzy, refreshing soft drink.', use: 'Best served ice cold with meals, snacks and parties.' },
      water: { label: 'Water', shape: 'bottle', about: 'Packaged drinking water, purified and sealed for safety.', use: 'Keep a bottle handy at home, at work and on the road.' },
      soda: { label: 'Soda', shape: 'bottle', about: 'Crisp, sparkling club soda.', use: 'Mix it into nimbu soda, mocktails and coolers.' },
      'energy-drink': { label: 'Energy Drink', shape: 'can', about: 'An energy drink with caffeine and B vitamins.', use: 'For a quick lift during long study sessions or drives; not for children.' },
      'health-drink': { label: 'Health Drink', shape: 'jar', about: 'A malted health drink mix with vitamins and minerals.', use: 'Stir two spoons into a glass of hot or cold milk.' },
    },
    subcategories: [
      {
        id: 'tea',
        name: 'Tea',
        storage: 'ambient',
        products: [
          ['tea', 'Tata Tea|Gold', '500 g', 305, 330, 'A blend of Assam CTC and long leaves for a rich taste and aroma.'],
          ['tea', 'Tata Tea|Premium', '1 kg', 520, 580],
          ['tea', 'Tata Tea|Agni Dust Tea', '500 g', 180, 195],
          ['tea', 'Brooke Bond|Red Label Tea', '500 g', 290, 320],
          ['tea', 'Brooke Bond|Taj Mahal Tea', '250 g', 180, 200, 'A premium Assam tea with a bright colour and fine, full-bodied flavour.'],
          ['tea', 'Wagh Bakri|Premium Leaf Tea', '500 g', 270, 290],
          ['tea', 'Society|Masala Tea', '250 g', 155, null, 'Tea leaves blended with ginger, cardamom, cinnamon and clove.'],
          ['green-tea', 'Lipton|Honey Lemon Green Tea Bags', '25 pcs', 150, 175],
          ['green-tea', 'Tetley|Green Tea Ginger, Mint & Lemon', '25 pcs', 175, 190],
        ],
      },
      {
        id: 'coffee',
        name: 'Coffee',
        storage: 'ambient',
        products: [
          ['coffee', 'Nescafe|Classic Instant Coffee', '90 g', 299, 335, 'A pure instant coffee with a strong, rich aroma.'],
          ['coffee', 'Nescafe|Sunrise Instant Coffee', '200 g', 395, 430, 'An instant coffee-chicory blend with the taste of filter coffee.'],
          ['coffee', 'Bru|Instant Coffee', '100 g', 235, 260],
          ['coffee', 'Bru|Gold Instant Coffee', '50 g', 220, null],
          ['coffee', 'Davidoff|Rich Aroma Instant Coffee', '100 g', 699, 799],
          ['coffee', 'Cothas|Filter Coffee Powder', '500 g', 330, 375, 'A South Indian filter coffee powder with 20% chicory.'],
          ['coffee', 'Sleepy Owl|Cold Brew Coffee Bags Original', '5 pcs', 299, 350, 'Steep-at-home cold brew coffee bags; leave overnight in water.'],
        ],
      },
      {
        id: 'juices',
        name: 'Juices',
        storage: 'ambient',
        products: [
          ['juice', 'Real|Fruit Power Mixed Fruit Juice', '1 L', 115, 130],
          ['juice', 'Real|Fruit Power Guava Juice', '1 L', 110, 125],
          ['juice', 'Tropicana|100% Orange Juice', '1 L', 135, 150, 'Orange juice with no added sugar or preservatives.'],
          ['juice', 'Tropicana|Delight Apple Juice', '1 L', 125, null],
          ['juice', 'Paper Boat|Aamras Mango Juice', '250 ml', 35, 40, 'Thick, sweet mango juice like the aamras made at home.'],
          ['juice', 'Raw Pressery|Cold Pressed Orange Juice', '250 ml', 110, 120, 'Cold-pressed orange juice with nothing added.'],
          ['juice', 'Maaza|Mango Drink', '1.2 L', 70, 75],
          ['juice', 'B Natural|Mixed Fruit Juice', '1 L', 99, 120],
        ],
      },
      {
        id: 'soft-drinks',
        name: 'Soft Drinks & Water',
        storage: 'ambient',
        products: [
          ['soft-drink', 'Coca-Cola|Original Taste Soft Drink', '750 ml', 40, 40],
          ['soft-drink', 'Thums Up|Soft Drink', '2.25 L', 99, 99, 'A strong, fizzy cola with a spicy kick.'],
          ['soft-drink', 'Sprite|Lime Soft Drink', '750 ml', 40, 40, 'A clear lemon-lime soft drink.'],
          ['soft-drink', 'Pepsi|Soft Drink Can', '300 ml', 40, null],
          ['soft-drink', 'Limca|Lemon Soft Drink', '750 ml', 40, 40, 'A fizzy lemon and lime soft drink.'],
          ['water', 'Bisleri|Packaged Drinking Water', '1 L', 20, 20],
          ['water', 'Kinley|Packaged Drinking Water', '2 L', 30, 30],
          ['soda', 'Kinley|Club Soda', '750 ml', 20],
          ['energy-drink', 'Red Bull|Energy Drink', '250 ml', 125, 125],
          ['energy-drink', 'Sting|Energy Drink Berry Blast', '250 ml', 20, null],
        ],
      },
      {
        id: 'health-drinks',
        name: 'Health Drinks',
        storage: 'ambient',
        products: [
          ['health-drink', 'Cadbury|Bournvita Chocolate Health Drink', '500 g', 245, 260],
          ['health-drink', 'Horlicks|Classic Malt Health Drink', '500 g', 265, 289],
          ['health-drink', 'Complan|Royale Chocolate Nutrition Drink', '500 g', 329, 365],
          ['health-drink', 'Protinex|Original Protein Drink Powder', '250 g', 699, 799, 'A protein drink powder with 34% protein and no added sugar in the formula.'],
          ['health-drink', 'Glucon-D|Instant Energy Orange Drink Mix', '1 kg', 260, 290, 'A glucose drink mix for instant energy on hot days.'],
        ],
      },
    ],
  },
  {
    id: 'bakery',
    name: 'Bakery',
    colour: '#ca8a04',
    kinds: {
      bread: { label: 'Bread', shape: 'loaf', about: 'Soft, freshly baked sliced bread.', use: 'Make toast, sandwiches or bread pakoras.' },
      pav: { label: 'Pav', shape: 'bun', about: 'Soft, fluffy pav baked fresh.', use: 'The must-have partner for pav bhaji, vada pav and misal.' },
      bun: { label: 'Bun', shape: 'bun', about: 'Soft, lightly sweet buns baked fresh.', use: 'Toast them for burgers and sliders, or enjoy them with chai.' },
      cake: { label: 'Cake', shape: 'cake', about: 'A moist, soft cake baked fresh.', use: 'Slice it for tea time, birthdays or a sweet treat after dinner.' },
      muffin: { label: 'Muffin', shape: 'bun', about: 'Soft, moist muffins with a golden top.', use: 'Enjoy them for breakfast, with coffee or in the lunch box.' },
      rusk: { label: 'Rusk', shape: 'box', about: 'Crunchy, twice-baked rusk.', use: 'Dunk it in hot chai for the classic Indian tea-time pairing.' },
      khari: { label: 'Khari', shape: 'box', about: 'Flaky, buttery puff pastry khari.', use: 'Enjoy it with chai or coffee at breakfast or tea time.' },
    },
    subcategories: [
      {
        id: 'bread',
        name: 'Bread',
        storage: 'ambient',
        closings: [
          'Baked fresh daily; this {unit} loaf is best eaten within three days.',
          'Baked fresh daily and best eaten within three days.',
        ],
        products: [
          ['bread', 'Britannia|Brown Bread', '400 g', 55, 60, 'Soft brown bread made with wheat flour and bran.'],
          ['bread', 'Britannia|100% Whole Wheat Bread', '450 g', 60, 65],
          ['bread', 'Harvest Gold|Sandwich White Bread', '450 g', 50, 50],
          ['bread', 'Modern|Milk Bread', '400 g', 45, null, 'Soft white bread enriched with milk, lightly sweet.'],
          ['bread', 'The Health Factory|Zero Maida Whole Wheat Bread', '400 g', 99, 110, 'A whole wheat bread made with no maida and no added sugar.'],
          ['bread', 'English Oven|Multigrain Bread', '450 g', 65, 70, 'A hearty bread made with seven grains and seeds.'],
          ['bread', 'Harvest Gold|Garlic Bread', '200 g', 55, 60, 'Soft bread loaded with garlic butter and herbs; just bake and serve.'],
          ['bread', 'Bonn|Jumbo Sandwich Bread', '800 g', 90, 95],
          ['bread', 'English Oven|Pizza Base Bread', '2 pcs', 50, 55, 'Ready pizza bases: top and bake for a quick pizza.'],
        ],
      },
      {
        id: 'buns-pav',
        name: 'Buns & Pav',
        storage: 'ambient',
        products: [
          ['pav', 'Ladi Pav (Fresh)', '6 pcs', 35, null],
          ['pav', 'English Oven|Pav Buns', '6 pcs', 40, 40],
          ['bun', 'English Oven|Burger Buns', '4 pcs', 45, 50, 'Soft sesame-topped buns sized for burgers.'],
          ['bun', 'Harvest Gold|Hot Dog Buns', '4 pcs', 45, null, 'Long, soft buns for hot dogs and sub sandwiches.'],
          ['bun', 'Modern|Sweet Fruit Bun', '2 pcs', 30, 30, 'Sweet buns studded with tutti-frutti.'],
        ],
      },
      {
        id: 'cakes-muffins',
        name: 'Cakes & Muffins',
        storage: 'ambient',
        closings: [
          'Baked fresh by a partner bakery; net quantity {unit}.',
          'Baked fresh by a partner bakery near you.',
        ],
        products: [
          ['cake', 'Britannia|Gobbles Fruit Cake', '250 g', 75, 80, 'A soft fruit cake loaded with tutti-frutti and raisins.'],
          ['cake', 'Winkies|Chocolate Swiss Roll Cake', '175 g', 80, 85],
          ['cake', 'Black Forest Cake (Eggless)', '500 g', 449, 520, 'Chocolate sponge layered with whipped cream and cherries, made without eggs.'],
          ['cake', 'Pineapple Cake (Eggless)', '500 g', 399, null, 'Vanilla sponge layered with pineapple and fresh cream, made without eggs.'],
          ['cake', 'Theobroma|Chocolate Truffle Pastry', '1 pc', 145, 145, 'A rich chocolate truffle pastry.'],
          ['muffin', 'Blueberry Muffins', '2 pcs', 99, 120],
          ['muffin', 'English Oven|Chocolate Chip Muffins', '2 pcs', 89, 99],
        ],
      },
      {
        id: 'rusks-khari',
        name: 'Rusks & Khari',
        storage: 'ambient',
        products: [
          ['rusk', 'Britannia|Toastea Premium Rusk', '300 g', 55, 60],
          ['rusk', 'Parle|Elaichi Rusk', '300 g', 50, 50, 'Crunchy rusk flavoured with cardamom.'],
          ['rusk', 'Bonn|Milk Rusk', '300 g', 50, 55],
          ['rusk', 'Modern|Suji Toast Rusk', '300 g', 55, null, 'A crunchy rusk made with semolina.'],
          ['khari', 'Butter Khari Puff', '200 g', 60],
          ['khari', 'Jeera Khari Puff', '200 g', 60, 70, 'Flaky khari flavoured with roasted cumin.'],
        ],
      },
    ],
  },
  {
    id: 'meat',
    name: 'Meat & Fish',
    colour: '#be123c',
    kinds: {
      chicken: { label: 'Chicken', shape: 'tray', about: 'Fresh, tender chicken, cleaned and cut by trained staff.', use: 'Cook it into curries, biryani, tandoori or a quick stir-fry.' },
      mutton: { label: 'Mutton', shape: 'tray', about: 'Fresh goat meat, cleaned and cut by trained staff.', use: 'Slow-cook it into rogan josh, biryani, nihari or keema.' },
      fish: { label: 'Fish', shape: 'fish', about: 'Fresh fish, cleaned and cut by trained staff.', use: 'Fry it with masala, cook it into a tangy curry or grill it.' },
      prawns: { label: 'Prawns', shape: 'fish', about: 'Fresh, cleaned prawns with a sweet, delicate flavour.', use: 'Cook them into prawn masala, biryani or garlic butter prawns.' },
      'ready-to-cook': { label: 'Ready to Cook', shape: 'tray', about: 'A ready-to-cook meat snack, prepared and frozen for convenience.', use: 'Air-fry, bake or shallow-fry it straight from the freezer in minutes.' },
    },
    subcategories: [
      {
        id: 'chicken',
        name: 'Chicken',
        storage: 'chilled',
        closings: [
          'Cleaned, cut and vacuum-packed ({unit}); delivered chilled, never frozen.',
          'Delivered chilled, never frozen; cook it within a day or freeze it.',
        ],
        products: [
          ['chicken', 'Licious|Chicken Curry Cut', '500 g', 199, 249, 'Bone-in chicken curry cut pieces from the leg, breast and wing.'],
          ['chicken', 'Licious|Chicken Breast Boneless', '450 g', 279, 329, 'Lean, boneless chicken breast fillets.'],
          ['chicken', 'Licious|Chicken Drumsticks (Skinless)', '400 g', 239, 279],
          ['chicken', 'FreshToHome|Chicken Curry Cut Skinless', '1 kg', 359, 449],
          ['chicken', 'Chicken Keema (Mince)', '450 g', 259, 289, 'Finely minced boneless chicken.'],
          ['chicken', 'Chicken Wings', '500 g', 199, null],
          ['chicken', 'Chicken Lollipop', '250 g', 179, 199, 'Frenched chicken wings ready to be marinated and fried.'],
          ['chicken', 'Chicken Liver', '250 g', 89],
          ['chicken', 'Desi Chicken Curry Cut (Country Chicken)', '500 g', 349, 399, 'Free-range country chicken with firmer, flavourful meat.'],
        ],
      },
      {
        id: 'mutton',
        name: 'Mutton',
        storage: 'chilled',
        closings: [
          'Cleaned, cut and vacuum-packed ({unit}); delivered chilled, never frozen.',
          'Delivered chilled, never frozen; cook it within a day or freeze it.',
        ],
        products: [
          ['mutton', 'Licious|Mutton Curry Cut', '500 g', 549, 649, 'Bone-in goat curry cut pieces from the shoulder and leg.'],
          ['mutton', 'Licious|Mutton Biryani Cut', '500 g', 569, 669, 'Large, bone-in goat pieces cut for dum biryani.'],
          ['mutton', 'Mutton Keema (Goat Mince)', '450 g', 499, 559],
          ['mutton', 'Mutton Chops', '500 g', 599, null],
          ['mutton', 'Mutton Boneless', '450 g', 649, 749],
        ],
      },
      {
        id: 'fish-seafood',
        name: 'Fish & Seafood',
        storage: 'chilled',
        closings: [
          'Cleaned and cut ({unit}); delivered chilled on ice, never frozen.',
          'Delivered chilled on ice; cook it the same day.',
        ],
        products: [
          ['fish', 'Fresh Rohu Fish Curry Cut', '500 g', 189, 229, 'Freshwater rohu cut into bone-in curry pieces, a Bengali and Punjabi favourite.'],
          ['fish', 'Katla Fish Curry Cut', '500 g', 179],
          ['fish', 'Basa Fish Fillet', '250 g', 219, 249, 'Boneless basa fillets with mild, flaky white meat.'],
          ['fish', 'Seer Fish Steaks (Surmai)', '250 g', 449, 529, 'Thick surmai steaks with firm, meaty flesh, perfect for tawa fry.'],
          ['fish', 'White Pomfret Fish (Whole, Cleaned)', '500 g', 649, null],
          ['fish', 'Indian Salmon Fish Steaks (Rawas)', '250 g', 399, 459],
          ['fish', 'Bangda Fish (Mackerel)', '500 g', 199, 239],
          ['prawns', 'Licious|Medium Prawns (Cleaned & Deveined)', '250 g', 349, 399],
          ['prawns', 'Tiger Prawns', '250 g', 499, 579, 'Large, meaty tiger prawns, shell on.'],
        ],
      },
      {
        id: 'ready-to-cook',
        name: 'Marinades & Ready to Cook',
        storage: 'frozen',
        products: [
          ['ready-to-cook', 'Licious|Chicken Tikka Tandoori (Marinated)', '250 g', 219, 249, 'Boneless chicken marinated in a smoky tandoori masala, delivered chilled.'],
          ["ready-to-cook", "Venky's|Chicken Seekh Kebab", '500 g', 299, 340],
          ['ready-to-cook', 'Prasuma|Chicken Momos', '10 pcs', 199, 225, 'Steamed chicken momos with a juicy filling, frozen.'],
          ["ready-to-cook", "Venky's|Chicken Sausages", '250 g', 159, null],
          ['ready-to-cook', 'Godrej Yummiez|Chicken Nuggets', '400 g', 249, 285],
          ['ready-to-cook', 'ITC Master Chef|Crispy Fish Fingers', '400 g', 299, 345, 'Crumb-coated fish fingers made from white fish fillets.'],
        ],
      },
    ],
  },
  {
    id: 'staples',
    name: 'Atta, Rice & Staples',
    colour: '#65a30d',
    kinds: {
      atta: { label: 'Atta', shape: 'sack', about: 'Whole wheat atta, chakki-ground for soft, fluffy rotis.', use: 'Knead it into dough for rotis, parathas and pooris.' },
      flour: { label: 'Flour', shape: 'sack', about: 'A fine, fresh flour for everyday cooking.', use: 'Use it for batters, sweets, snacks and baking.' },
      rice: { label: 'Rice', shape: 'sack', about: 'Clean, aromatic rice grains that cook up fluffy and separate.', use: 'Use it for everyday meals, pulao, biryani and jeera rice.' },
      poha: { label: 'Poha', shape: 'packet', about: 'Flattened rice (poha) that softens in minutes.', use: 'Make kanda poha, chivda or a quick breakfast.' },
      dal: { label: 'Dal', shape: 'bowl', about: 'Clean, protein-rich dal, sorted for stones and husk.', use: 'Pressure-cook it for dal tadka, sambar or a comforting khichdi.' },
      pulses: { label: 'Pulses', shape: 'bowl', about: 'Whole pulses rich in protein and fibre.', use: 'Soak them overnight and cook them into a hearty curry or salad.' },
      oil: { label: 'Oil', shape: 'bottle', about: 'A light cooking oil for everyday Indian cooking.', use: 'Use it for tadka, sauteing and deep frying.' },
      ghee: { label: 'Ghee', shape: 'jar', about: 'Pure ghee with a rich, grainy texture and aroma.', use: 'Drizzle it over dal and rotis, or use it for halwa and sweets.' },
      salt: { label: 'Salt', shape: 'packet', about: 'Iodised salt with free-flowing crystals.', use: 'The everyday essential for cooking and the dining table.' },
      sugar: { label: 'Sugar', shape: 'packet', about: 'Clean, sparkling sugar crystals that dissolve quickly.', use: 'Sweeten chai, coffee, desserts and sherbets.' },
      jaggery: { label: 'Jaggery', shape: 'block', about: 'Natural jaggery (gur) made from sugarcane juice.', use: 'Use it in sweets, chikki and chai, or have a piece after meals.' },
      turmeric: { label: 'Turmeric', shape: 'packet', about: 'Bright yellow turmeric (haldi) powder with a warm, earthy aroma.', use: 'A pinch goes into nearly every dal, sabzi and curry.' },
      masala: { label: 'Masala', shape: 'box', about: 'A blended spice powder for authentic, aromatic flavour.', use: 'Add it while cooking curries, sabzis and dals.' },
      spices: { label: 'Spices', shape: 'bowl', about: 'Whole spices, cleaned and sorted for aroma and flavour.', use: 'Crackle them in hot oil or ghee to start a tadka.' },
    },
    subcategories: [
      {
        id: 'atta-flours',
        name: 'Atta & Flours',
        storage: 'ambient',
        products: [
          ['atta', 'Aashirvaad|Shudh Chakki Atta (Whole Wheat Flour)', '5 kg', 289, 330, 'Aashirvaad\'s 100% whole wheat atta, chakki-ground for soft rotis that stay soft for hours.'],
          ['atta', 'Aashirvaad|Shudh Chakki Atta (Whole Wheat Flour)', '10 kg', 549, 629, 'Aashirvaad\'s 100% whole wheat atta, chakki-ground for soft rotis that stay soft for hours.'],
          ['atta', 'Pillsbury|Chakki Fresh Atta (Whole Wheat Flour)', '5 kg', 265, 299],
          ['atta', 'Fortune|Chakki Fresh Atta (Whole Wheat Flour)', '5 kg', 249, 285],
          ['atta', 'Aashirvaad|Multigrain Atta (Flour)', '5 kg', 349, 399, 'Whole wheat atta blended with soya, chana, oats, maize and psyllium husk.'],
          ['flour', 'Fortune|Besan (Gram Flour)', '500 g', 69, 80, 'Fine gram flour milled from chana dal.'],
          ['flour', 'Rajdhani|Maida (Refined Flour)', '1 kg', 55, 62, 'Fine, white refined wheat flour.'],
          ['flour', 'Rajdhani|Sooji Rava (Semolina)', '500 g', 35, null, 'Coarse wheat semolina for upma, halwa and rava dosa.'],
          ['flour', 'Tata Sampann|Ragi Flour', '500 g', 75, 85, 'Finger millet flour rich in calcium and fibre.'],
        ],
      },
      {
        id: 'rice',
        name: 'Rice & Poha',
        storage: 'ambient',
        products: [
          ['rice', 'India Gate|Classic Basmati Rice', '1 kg', 199, 240, 'Extra-long, aged basmati rice grains with a rich aroma.'],
          ['rice', 'India Gate|Feast Rozzana Basmati Rice', '5 kg', 449, 560],
          ['rice', 'Daawat|Rozana Super Basmati Rice', '1 kg', 99, 120],
          ['rice', 'Fortune|Everyday Basmati Rice', '5 kg', 429, 499],
          ['rice', 'Kohinoor|Everyday Basmati Rice Bag', '25 kg', 2199, 2750, 'Everyday basmati rice in a 25 kg bag for large families and month-long stocking.'],
          ['rice', 'Daawat|Brown Basmati Rice', '1 kg', 189, 210, 'Unpolished brown basmati rice with the bran left on.'],
          ['rice', 'Sona Masoori Raw Rice', '5 kg', 349, null, 'Light, aromatic Sona Masoori rice, the South Indian everyday staple.'],
          ['rice', 'Idli Rice', '1 kg', 69, 79, 'Parboiled rice for soft, fluffy idlis and dosas.'],
          ['poha', 'Rajdhani|Poha Thick (Flattened Rice)', '500 g', 39, 45],
        ],
      },
      {
        id: 'dal-pulses',
        name: 'Dals & Pulses',
        storage: 'ambient',
        products: [
          ['dal', 'Tata Sampann|Unpolished Toor Dal', '1 kg', 189, 229],
          ['dal', 'Tata Sampann|Unpolished Moong Dal', '500 g', 89, 109],
          ['dal', 'Tata Sampann|Unpolished Urad Dal Split', '500 g', 89, 105],
          ['dal', 'Fortune|Chana Dal', '1 kg', 109, 130],
          ['dal', 'Rajdhani|Masoor Dal Malka', '1 kg', 119, null],
          ['dal', 'Organic Tattva|Organic Toor Dal', '1 kg', 249, 299, 'Certified organic toor dal, unpolished and naturally flavourful.'],
          ['pulses', 'Rajdhani|Rajma Chitra (Kidney Beans)', '500 g', 99, 115, 'Speckled Chitra rajma that cooks up soft and creamy.'],
          ['pulses', 'Kabuli Chana (Chickpeas)', '1 kg', 169, 189],
          ['pulses', 'Kala Chana (Black Chickpeas)', '1 kg', 99, null],
          ['pulses', 'Moong Whole (Green Gram)', '500 g', 75, 85],
        ],
      },
      {
        id: 'oils-ghee',
        name: 'Oils & Ghee',
        storage: 'ambient',
        products: [
          ['oil', 'Fortune|Sunlite Refined Sunflower Oil', '1 L', 155, 180, 'A light refined sunflower oil rich in vitamins A and D.'],
          ['oil', 'Fortune|Sunlite Refined Sunflower Oil', '5 L', 769, 899, 'A light refined sunflower oil rich in vitamins A and D.'],
          ['oil', 'Saffola|Gold Blended Cooking Oil', '1 L', 189, 215, 'A blend of rice bran and sunflower oils for a healthy heart.'],
          ['oil', 'Fortune|Kachi Ghani Mustard Oil', '1 L', 175, 199, 'Pungent cold-pressed mustard oil with the classic kachi ghani sharpness.'],
          ['oil', 'P Mark|Kachi Ghani Mustard Oil', '1 L', 165, null, 'Pungent cold-pressed mustard oil with the classic kachi ghani sharpness.'],
          ['oil', 'Figaro|Pure Olive Oil', '500 ml', 549, 650, 'A light olive oil with a mild flavour that suits Indian cooking.'],
          ['oil', 'Fortune|Rice Bran Health Oil', '1 L', 165, 185],
          ['ghee', 'Amul|Pure Ghee', '1 L', 615, 650],
          ['ghee', 'Gowardhan|Cow Ghee', '500 ml', 325, 350],
          ['ghee', "Patanjali|Cow's Ghee", '1 L', 599, null],
          ['ghee', 'Mother Dairy|Cow Ghee', '1 L', 625, 660],
        ],
      },
      {
        id: 'masala-salt-sugar',
        name: 'Masalas, Salt & Sugar',
        storage: 'ambient',
        products: [
          ['salt', 'Tata|Salt', '1 kg', 28, 30, 'Vacuum-evaporated iodised salt, India\'s best-known salt.'],
          ['salt', 'Tata|Salt Lite (Low Sodium)', '1 kg', 45, 48, 'Iodised salt with 15% less sodium.'],
          ['salt', 'Tata|Rock Salt (Sendha Namak)', '1 kg', 89, null, 'Pink rock salt (sendha namak), used in fasting meals and chaat.'],
          ['sugar', 'Madhur|Pure & Hygienic Sugar', '1 kg', 55, 60],
          ['sugar', 'Sugar (Premium)', '1 kg', 45, null],
          ['sugar', 'Dhampure|Sulphurless Brown Sugar', '500 g', 89, 99, 'Light brown sugar made without sulphur, with a hint of caramel.'],
          ['jaggery', 'Organic Jaggery (Gur)', '500 g', 75, 85],
          ['turmeric', 'Tata Sampann|Turmeric Powder (Haldi)', '200 g', 65, 72, 'Turmeric powder with natural oils intact and at least 3% curcumin.'],
          ['turmeric', 'Everest|Turmeric Powder', '100 g', 36, 40],
          ['masala', 'MDH|Kitchen King Masala', '100 g', 89, 94, 'An all-purpose masala for vegetable and paneer dishes.'],
          ['masala', 'Everest|Garam Masala', '100 g', 89, 95, 'A warm blend of cloves, cardamom, cinnamon and pepper.'],
          ['masala', 'Everest|Kashmirilal Chilli Powder', '100 g', 75, 82, 'Kashmiri chilli powder for a bright red colour with mild heat.'],
          ['spices', 'Catch|Jeera (Cumin Seeds)', '100 g', 69, 75],
        ],
      },
    ],
  },
];

/**
 * Products that deliberately exercise the fallbacks (about 5% unavailable, about 3% each without an
 * image or a unit). Every id must exist. The showcase items (the trending searches' staples, the
 * high-priced gift box and rice bag) are kept complete on purpose.
 */
export const FALLBACK_CASES: {
  readonly unavailable: readonly string[];
  readonly noImage: readonly string[];
  readonly noUnit: readonly string[];
} = {
  unavailable: [
    'watermelon-kiran-1-pc-approx-2-2-5-kg',
    'dragon-fruit-pink-flesh-1-pc-approx-300-400-g',
    'tulsi-indian-kishmish-raisins-200-g',
    'sweet-potato-shakarkandi-500-g',
    'bottle-gourd-lauki-1-pc-approx-600-800-g',
    'drumstick-moringa-250-g',
    'sarson-saag-mustard-greens-500-g',
    'button-mushroom-200-g',
    'prakriti-organic-bananas-robusta-6-pcs',
    'britannia-cheese-cubes-200-g',
    'santoor-sandal-and-turmeric-soap-4-x-100-g',
    'dettol-original-liquid-handwash-refill-675-ml',
    'clinic-plus-strong-and-long-shampoo-340-ml',
    'nestle-nan-pro-1-infant-formula-400-g',
    'pril-lime-dishwash-liquid-425-ml',
    'real-fruit-power-mixed-fruit-juice-1-l',
    'tropicana-100-orange-juice-1-l',
    'coca-cola-original-taste-soft-drink-750-ml',
    'red-bull-energy-drink-250-ml',
    'india-gate-feast-rozzana-basmati-rice-5-kg',
    'gowardhan-cow-ghee-500-ml',
    'tata-salt-lite-low-sodium-1-kg',
    'dhampure-sulphurless-brown-sugar-500-g',
    'organic-jaggery-gur-500-g',
    'mdh-kitchen-king-masala-100-g',
  ],
  noImage: [
    'yelakki-bananas-elaichi-500-g',
    'kinnow-orange-1-kg',
    'papaya-semi-ripe-1-pc-approx-800-g-1-2-kg',
    'french-beans-250-g',
    'bhoomi-organic-tomato-500-g',
    'amul-masti-spiced-buttermilk-200-ml',
    'dove-cream-beauty-bathing-bar-100-g',
    'dove-deeply-nourishing-body-wash-250-ml',
    'rin-detergent-bar-4-x-250-g',
    'tiger-prawns-250-g',
    'fortune-everyday-basmati-rice-5-kg',
    'organic-tattva-organic-toor-dal-1-kg',
    'organic-jaggery-gur-500-g',
    'bikano-soan-papdi-500-g',
  ],
  noUnit: [
    'yelakki-bananas-elaichi-500-g',
    'guava-allahabadi-500-g',
    'cherry-tomato-200-g',
    'epigamia-natural-greek-yogurt-400-g',
    'balaji-simply-salted-wafers-chips-45-g',
    'bikaji-bikaneri-bhujia-400-g',
    'mtr-ready-to-eat-paneer-butter-masala-300-g',
    'santoor-sandal-and-turmeric-soap-4-x-100-g',
    'vaseline-intensive-care-deep-restore-body-lotion-400-ml',
    'odonil-bathroom-air-freshener-blocks-jasmine-4-x-48-g',
    'tata-tea-agni-dust-tea-500-g',
    'bonn-jumbo-sandwich-bread-800-g',
    'tata-salt-lite-low-sodium-1-kg',
    'kala-chana-black-chickpeas-1-kg',
  ],
};

/** The stores of the stores and shops screens, all in the Gurgaon delivery area. */
export const STORE_DEFS: readonly StoreDef[] = [
  { name: 'Sharma General Store', shop_type: 'grocery', is_active: true, rating: 4.6, delivery_time_min: 10, address: 'Shop 12, Sector 14 Market, Gurgaon, Haryana 122001', image: true },
  { name: 'Aggarwal Kirana & Provisions', shop_type: 'grocery', is_active: true, rating: 4.4, delivery_time_min: 12, address: '27 Main Market, Sector 15 Part 2, Gurgaon, Haryana 122001', image: true },
  { name: 'Gupta Fresh Mart', shop_type: 'grocery', is_active: true, rating: 4.7, delivery_time_min: 9, address: 'Qutab Plaza, DLF Phase 1, Gurgaon, Haryana 122002', image: true },
  { name: 'Yadav Super Bazaar', shop_type: 'grocery', is_active: true, rating: 4.2, delivery_time_min: 18, address: 'Near HUDA Market, Sector 56, Gurgaon, Haryana 122011', image: true },
  { name: 'Green Valley Fruits & Vegetables', shop_type: 'grocery', is_active: true, rating: 4.8, delivery_time_min: 8, address: 'Sector 31 Market, Gurgaon, Haryana 122001', image: true },
  { name: 'Daily Needs Supermart', shop_type: 'grocery', is_active: true, rating: null, delivery_time_min: 15, address: 'Block C, South City 1, Gurgaon, Haryana 122001', image: true },
  { name: 'Jain Provision Store', shop_type: 'grocery', is_active: false, rating: 3.9, delivery_time_min: 22, address: 'Sohna Road, Sector 47, Gurgaon, Haryana 122018', image: false },
  { name: 'Wellness Chemists', shop_type: 'pharmacy', is_active: true, rating: 4.5, delivery_time_min: 14, address: 'Huda Market, Sector 29, Gurgaon, Haryana 122002', image: true },
  { name: 'Sanjeevani Medicos', shop_type: 'pharmacy', is_active: true, rating: 4.3, delivery_time_min: null, address: 'Opposite Civil Hospital, Sector 4, Gurgaon, Haryana 122006', image: true },
  { name: 'Arogya Pharmacy', shop_type: 'pharmacy', is_active: false, rating: 4.1, delivery_time_min: 20, address: 'Block B, Palam Vihar, Gurgaon, Haryana 122017', image: true },
  { name: 'Lifeline Medical Store', shop_type: 'pharmacy', is_active: true, rating: 4.6, delivery_time_min: 11, address: 'Sector 46 Market, Gurgaon, Haryana 122003', image: true },
  { name: 'Oven Fresh Bakers', shop_type: 'bakery', is_active: true, rating: 4.9, delivery_time_min: 10, address: 'Shop 4, Sector 14 Market, Gurgaon, Haryana 122001', image: true },
  { name: 'Punjab Bakery', shop_type: 'bakery', is_active: true, rating: 4.0, delivery_time_min: 16, address: 'Sadar Bazar, Gurgaon, Haryana 122001', image: false },
  { name: 'Cakes & Bakes Studio', shop_type: 'bakery', is_active: true, rating: null, delivery_time_min: 25, address: 'Golf Course Road, Sector 43, Gurgaon, Haryana 122009', image: true },
  { name: 'Kumar Electronics', shop_type: 'electronics', is_active: true, rating: 3.8, delivery_time_min: 25, address: 'Sector 46 Market, Gurgaon, Haryana 122003', image: true },
  { name: 'Galaxy Mobiles & Electronics', shop_type: 'electronics', is_active: false, rating: 4.4, delivery_time_min: 20, address: 'MG Road, Sector 28, Gurgaon, Haryana 122002', image: true },
];

/** A pincode the sample delivers to, and the store (by name) that serves it. */
export interface DeliveryAreaDef {
  readonly pincode: string;
  readonly area: string;
  readonly city: string;
  readonly store: string;
}

/**
 * The sample's delivery areas (the delivery_areas table). 122018 is served by an inactive store, so the
 * storefront treats it as not served; every other pincode (110099 in Delhi, say) is not in the table at all.
 */
export const DELIVERY_AREA_DEFS: readonly DeliveryAreaDef[] = [
  { pincode: '122001', area: 'Sector 14', city: 'Gurgaon', store: 'Sharma General Store' },
  { pincode: '122002', area: 'DLF Phase 1', city: 'Gurgaon', store: 'Gupta Fresh Mart' },
  { pincode: '122003', area: 'Sector 46', city: 'Gurgaon', store: 'Aggarwal Kirana & Provisions' },
  { pincode: '122006', area: 'Sector 4', city: 'Gurgaon', store: 'Green Valley Fruits & Vegetables' },
  { pincode: '122009', area: 'Sector 43', city: 'Gurgaon', store: 'Daily Needs Supermart' },
  { pincode: '122011', area: 'Sector 56', city: 'Gurgaon', store: 'Yadav Super Bazaar' },
  { pincode: '122017', area: 'Palam Vihar', city: 'Gurgaon', store: 'Aggarwal Kirana & Provisions' },
  { pincode: '122018', area: 'Sohna Road', city: 'Gurgaon', store: 'Jain Provision Store' },
];

/** Colours of the shop-type illustrations. */
export const SHOP_TYPE_COLOURS: Readonly<Record<ShopType, string>> = {
  grocery: '#16a34a',
  pharmacy: '#0284c7',
  bakery: '#ca8a04',
  electronics: '#4f46e5',
};

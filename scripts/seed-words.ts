/**
 * The seed's neighbourhood in the deployment's language (`DEFAULT_LOCALE`; docs/features/everyday-journey.md):
 * each English text of scripts/seed.ts with its Spanish and German. Allergens are
 * not here: they are given as codes (the seed maps its English allergen words to them), and every
 * reader sees them in their own language.
 */
import type { Language } from "../src/contract/languages";

type Words = Record<string, string>;

const es: Words = {
  "Cooking Oaxacan family recipes since forever.": "Cocino recetas familiares de Oaxaca desde siempre.",
  "Allotment gardener with too many courgettes.": "Hortelano con demasiados calabacines.",
  "Nurse on night shifts; grateful for a ready dinner.":
    "Enfermera de turno de noche; agradezco una cena hecha.",
  "Bakes sourdough every weekend.": "Hago pan de masa madre cada fin de semana.",
  "Runs a small home kitchen, vegetarian thalis.": "Llevo una pequeña cocina en casa: thalis vegetarianos.",
  "Chicken mole with rice": "Mole de pollo con arroz",
  "Slow-cooked mole poblano, rich and mildly spicy.":
    "Mole poblano a fuego lento, sabroso y ligeramente picante.",
  "chicken, chillies, chocolate, sesame, peanuts, rice":
    "pollo, chiles, chocolate, sésamo, cacahuetes, arroz",
  "Black bean tamales (4 pieces)": "Tamales de frijol negro (4 piezas)",
  "Steamed corn masa with black beans and cheese.": "Masa de maíz al vapor con frijoles negros y queso.",
  "corn masa, black beans, queso fresco, lard": "masa de maíz, frijoles negros, queso fresco, manteca",
  "Horchata, one litre": "Horchata, un litro",
  "Cinnamon rice drink, chilled.": "Bebida de arroz con canela, fría.",
  "rice, cinnamon, sugar, almonds": "arroz, canela, azúcar, almendras",
  "Courgette and feta fritters": "Buñuelos de calabacín y feta",
  "A big batch from the allotment glut. Reheat in a pan.":
    "Una buena tanda de la cosecha del huerto. Recalentar en sartén.",
  "courgette, feta, egg, flour, dill": "calabacín, feta, huevo, harina, eneldo",
  "Tomato and basil soup": "Sopa de tomate y albahaca",
  "Two litres of soup, bring a container.": "Dos litros de sopa; trae un recipiente.",
  "tomatoes, onion, garlic, basil, olive oil": "tomates, cebolla, ajo, albahaca, aceite de oliva",
  "Runner bean chutney jars": "Tarros de chutney de judías verdes",
  "Sweet and tangy, keeps for months.": "Dulce y ácido; se conserva meses.",
  "runner beans, onion, vinegar, sugar, mustard seed":
    "judías verdes, cebolla, vinagre, azúcar, semillas de mostaza",
  "Sourdough loaf": "Hogaza de masa madre",
  "Baked this morning, crusty white sourdough.": "Horneada esta mañana, masa madre blanca y crujiente.",
  "wheat flour, water, salt": "harina de trigo, agua, sal",
  "Cinnamon buns (6)": "Rollos de canela (6)",
  "Swedish-style kanelbullar, a tray left over from a party.":
    "Kanelbullar al estilo sueco, una bandeja que sobró de una fiesta.",
  "flour, butter, milk, sugar, cinnamon, cardamom, egg":
    "harina, mantequilla, leche, azúcar, canela, cardamomo, huevo",
  "Rye crispbread": "Pan crujiente de centeno",
  "Thin seeded crackers, great with cheese.": "Galletas finas con semillas, perfectas con queso.",
  "rye flour, sunflower seeds, sesame, flax": "harina de centeno, pipas de girasol, sésamo, lino",
  "Vegetable thali": "Thali de verduras",
  "Dal, two sabzis, rice, raita and a chapati.": "Dal, dos sabzis, arroz, raita y un chapati.",
  "lentils, seasonal vegetables, rice, yoghurt, wheat, spices":
    "lentejas, verduras de temporada, arroz, yogur, trigo, especias",
  "Chana masala": "Chana masala",
  "Chickpea curry, medium heat. Vegan.": "Curry de garbanzos, picante medio. Vegano.",
  "chickpeas, tomato, onion, ginger, garlic, spices": "garbanzos, tomate, cebolla, jengibre, ajo, especias",
  "Mango lassi": "Lassi de mango",
  "Sweet yoghurt drink, 500 ml bottles.": "Bebida dulce de yogur, botellas de 500 ml.",
  "mango, yoghurt, sugar, cardamom": "mango, yogur, azúcar, cardamomo",
  "Lentil soup (extra from my batch)": "Sopa de lentejas (me sobró)",
  "Red lentil soup with cumin and lemon.": "Sopa de lentejas rojas con comino y limón.",
  "red lentils, onion, carrot, cumin, lemon": "lentejas rojas, cebolla, zanahoria, comino, limón",
  "Fruit salad bowl": "Bol de macedonia",
  "Apples, oranges, grapes and kiwi; cut this afternoon.":
    "Manzanas, naranjas, uvas y kiwi; cortadas esta tarde.",
  "apple, orange, grapes, kiwi": "manzana, naranja, uvas, kiwi",
  "Linden Avenue, by the park": "Avenida de los Tilos, junto al parque",
  "Linden Ave 4, ground floor: the green door": "Avenida de los Tilos 4, bajo: la puerta verde",
  "Mill Lane allotments, main gate": "Huertos de la calle del Molino, puerta principal",
  "Ask for Tom at the gate; I wear a blue cap.": "Pregunta por Tom en la puerta; llevo una gorra azul.",
  "Mill Lane, north end": "Calle del Molino, extremo norte",
  "12 Mill Lane: in the cool box on the porch.": "Calle del Molino 12: en la nevera del porche.",
  "Birch Street, by the bakery corner": "Calle del Abedul, junto a la esquina de la panadería",
  "Birch St 9, first floor: ring Jonas.": "Calle del Abedul 9, primer piso: llama a Jonas.",
  "Elm Court": "Plaza del Olmo",
  "Elm Court 2: Priya's Kitchen, the side door.": "Plaza del Olmo 2: la cocina de Priya, puerta lateral.",
  "Oak Road, by the post box": "Calle del Roble, junto al buzón",
  "Oak House, flat 3: ring twice.": "Casa del Roble, piso 3: llama dos veces.",
  "Community potluck in the park": "Comida compartida en el parque",
  "Bring a dish to share and meet your neighbours. Plates and cutlery provided.":
    "Trae un plato para compartir y conoce a tus vecinos. Ponemos platos y cubiertos.",
  "Linden Park bandstand": "Quiosco del parque de los Tilos",
  "Food safety basics for home cooks": "Seguridad alimentaria básica para cocineros caseros",
  "A one-hour talk on storage, reheating and allergen labelling, with Q&A.":
    "Una charla de una hora sobre conservación, recalentado y etiquetado de alérgenos, con preguntas.",
  "Library meeting room": "Sala de reuniones de la biblioteca",
  "Harvest swap": "Intercambio de cosecha",
  "Swapped surplus vegetables and preserves. Thanks to everyone who came!":
    "Intercambiamos verduras y conservas que sobraban. ¡Gracias a todos los que vinisteis!",
  "Mill Lane allotments": "Huertos de la calle del Molino",
};

const de: Words = {
  "Cooking Oaxacan family recipes since forever.": "Koche seit jeher Familienrezepte aus Oaxaca.",
  "Allotment gardener with too many courgettes.": "Kleingärtner mit zu vielen Zucchini.",
  "Nurse on night shifts; grateful for a ready dinner.":
    "Pflegerin im Nachtdienst; dankbar für ein fertiges Abendessen.",
  "Bakes sourdough every weekend.": "Backe jedes Wochenende Sauerteigbrot.",
  "Runs a small home kitchen, vegetarian thalis.": "Betreibe eine kleine Hausküche: vegetarische Thalis.",
  "Chicken mole with rice": "Hähnchen-Mole mit Reis",
  "Slow-cooked mole poblano, rich and mildly spicy.":
    "Lange geschmorte Mole poblano, kräftig und leicht scharf.",
  "chicken, chillies, chocolate, sesame, peanuts, rice":
    "Hähnchen, Chilis, Schokolade, Sesam, Erdnüsse, Reis",
  "Black bean tamales (4 pieces)": "Tamales mit schwarzen Bohnen (4 Stück)",
  "Steamed corn masa with black beans and cheese.": "Gedämpfter Maisteig mit schwarzen Bohnen und Käse.",
  "corn masa, black beans, queso fresco, lard": "Maisteig, schwarze Bohnen, Queso fresco, Schmalz",
  "Horchata, one litre": "Horchata, ein Liter",
  "Cinnamon rice drink, chilled.": "Reisgetränk mit Zimt, gekühlt.",
  "rice, cinnamon, sugar, almonds": "Reis, Zimt, Zucker, Mandeln",
  "Courgette and feta fritters": "Zucchini-Feta-Puffer",
  "A big batch from the allotment glut. Reheat in a pan.":
    "Eine große Ladung aus der Gartenschwemme. In der Pfanne aufwärmen.",
  "courgette, feta, egg, flour, dill": "Zucchini, Feta, Ei, Mehl, Dill",
  "Tomato and basil soup": "Tomaten-Basilikum-Suppe",
  "Two litres of soup, bring a container.": "Zwei Liter Suppe, bring ein Gefäß mit.",
  "tomatoes, onion, garlic, basil, olive oil": "Tomaten, Zwiebel, Knoblauch, Basilikum, Olivenöl",
  "Runner bean chutney jars": "Gläser Stangenbohnen-Chutney",
  "Sweet and tangy, keeps for months.": "Süß-säuerlich, hält sich monatelang.",
  "runner beans, onion, vinegar, sugar, mustard seed": "Stangenbohnen, Zwiebel, Essig, Zucker, Senfsaat",
  "Sourdough loaf": "Sauerteigbrot",
  "Baked this morning, crusty white sourdough.": "Heute Morgen gebacken, knuspriges helles Sauerteigbrot.",
  "wheat flour, water, salt": "Weizenmehl, Wasser, Salz",
  "Cinnamon buns (6)": "Zimtschnecken (6)",
  "Swedish-style kanelbullar, a tray left over from a party.":
    "Kanelbullar nach schwedischer Art, ein Blech von einer Feier übrig.",
  "flour, butter, milk, sugar, cinnamon, cardamom, egg": "Mehl, Butter, Milch, Zucker, Zimt, Kardamom, Ei",
  "Rye crispbread": "Roggen-Knäckebrot",
  "Thin seeded crackers, great with cheese.": "Dünne Saatencracker, toll zu Käse.",
  "rye flour, sunflower seeds, sesame, flax": "Roggenmehl, Sonnenblumenkerne, Sesam, Leinsamen",
  "Vegetable thali": "Gemüse-Thali",
  "Dal, two sabzis, rice, raita and a chapati.": "Dal, zwei Sabzis, Reis, Raita und ein Chapati.",
  "lentils, seasonal vegetables, rice, yoghurt, wheat, spices":
    "Linsen, Gemüse der Saison, Reis, Joghurt, Weizen, Gewürze",
  "Chana masala": "Chana Masala",
  "Chickpea curry, medium heat. Vegan.": "Kichererbsen-Curry, mittelscharf. Vegan.",
  "chickpeas, tomato, onion, ginger, garlic, spices":
    "Kichererbsen, Tomate, Zwiebel, Ingwer, Knoblauch, Gewürze",
  "Mango lassi": "Mango-Lassi",
  "Sweet yoghurt drink, 500 ml bottles.": "Süßes Joghurtgetränk, 500-ml-Flaschen.",
  "mango, yoghurt, sugar, cardamom": "Mango, Joghurt, Zucker, Kardamom",
  "Lentil soup (extra from my batch)": "Linsensuppe (übrig von meinem Topf)",
  "Red lentil soup with cumin and lemon.": "Rote Linsensuppe mit Kreuzkümmel und Zitrone.",
  "red lentils, onion, carrot, cumin, lemon": "rote Linsen, Zwiebel, Karotte, Kreuzkümmel, Zitrone",
  "Fruit salad bowl": "Schale Obstsalat",
  "Apples, oranges, grapes and kiwi; cut this afternoon.":
    "Äpfel, Orangen, Trauben und Kiwi; heute Nachmittag geschnitten.",
  "apple, orange, grapes, kiwi": "Apfel, Orange, Trauben, Kiwi",
  "Linden Avenue, by the park": "Lindenallee, am Park",
  "Linden Ave 4, ground floor: the green door": "Lindenallee 4, Erdgeschoss: die grüne Tür",
  "Mill Lane allotments, main gate": "Kleingärten Mühlenweg, Haupttor",
  "Ask for Tom at the gate; I wear a blue cap.": "Frag am Tor nach Tom; ich trage eine blaue Mütze.",
  "Mill Lane, north end": "Mühlenweg, nördliches Ende",
  "12 Mill Lane: in the cool box on the porch.": "Mühlenweg 12: in der Kühlbox vor der Tür.",
  "Birch Street, by the bakery corner": "Birkenstraße, an der Bäckerecke",
  "Birch St 9, first floor: ring Jonas.": "Birkenstraße 9, erster Stock: bei Jonas klingeln.",
  "Elm Court": "Ulmenhof",
  "Elm Court 2: Priya's Kitchen, the side door.": "Ulmenhof 2: Priyas Küche, Seiteneingang.",
  "Oak Road, by the post box": "Eichenweg, am Briefkasten",
  "Oak House, flat 3: ring twice.": "Eichenhaus, Wohnung 3: zweimal klingeln.",
  "Community potluck in the park": "Gemeinsames Picknick im Park",
  "Bring a dish to share and meet your neighbours. Plates and cutlery provided.":
    "Bring ein Gericht zum Teilen mit und lerne deine Nachbarn kennen. Teller und Besteck sind da.",
  "Linden Park bandstand": "Musikpavillon im Lindenpark",
  "Food safety basics for home cooks": "Lebensmittelsicherheit für Hobbyköche",
  "A one-hour talk on storage, reheating and allergen labelling, with Q&A.":
    "Ein einstündiger Vortrag über Lagern, Aufwärmen und Allergenkennzeichnung, mit Fragerunde.",
  "Library meeting room": "Besprechungsraum der Bücherei",
  "Harvest swap": "Erntetausch",
  "Swapped surplus vegetables and preserves. Thanks to everyone who came!":
    "Überschüssiges Gemüse und Eingemachtes getauscht. Danke an alle, die da waren!",
  "Mill Lane allotments": "Kleingärten Mühlenweg",
};

/** Each language's words, by their English; a language without its own reads the seed in English. */
export const SEED_WORDS: Partial<Record<Exclude<Language, "en">, Words>> = { es, de };

/**
 * The seed's text in `language`: its translation, or the English itself for English (and for a text
 * without one, which `tests/api/seed.test.ts` would catch).
 */
export function seedWordsIn(language: Language): (english: string) => string {
  if (language === "en") return (english) => english;
  const words = SEED_WORDS[language] ?? {};
  return (english) => words[english] ?? english;
}

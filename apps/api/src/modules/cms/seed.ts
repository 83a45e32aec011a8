/**
 * Default website content of the embedded demo (docs/product/community-and-content.md#website-content): the pages about, terms of sale, privacy
 * and cookies, a footer and a subfooter snippet and two news, in fr, nl and en. Deterministic (fixed
 * texts and dates) and idempotent: `seedContent` inserts only when the content table is empty and
 * answers how many contents it added. Html goes through the same sanitiser as staff edits.
 */
import { count } from 'drizzle-orm';
import {
  CMS_TERMS_GROUP,
  DELIVERY_TERMS,
  centsToEur,
  formatNumber,
  frenchTypography,
  type CmsContentInput,
  type Locale,
} from '@vetshop/domain';
import { sellerIdentity } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { cmsContents } from '../../db/schema.ts';
import { saveContent } from './service.ts';

type T = { url: string; title: string; foreword?: string; content: string; meta_description?: string };
type Seed = Omit<CmsContentInput, 'translations'> & { translations: Record<Locale, T> };

/** The seller's identity (config.ts SELLER_*): the legal notice names the VAT number the invoices carry. */
const seller = sellerIdentity();

/** The delivery terms' amounts per locale, written from DELIVERY_TERMS (docs/decisions/delivery-charges.md). */
const terms = Object.fromEntries(
  (['fr', 'nl', 'en'] as const).map((l) => {
    const eur = (cents: number) =>
      `${formatNumber(centsToEur(cents), l, { min: cents % 100 === 0 ? 0 : 2, max: 2 })} EUR`;
    return [l, { fee: eur(DELIVERY_TERMS.handlingFeeCents), threshold: eur(DELIVERY_TERMS.freeFromCents) }];
  }),
) as Record<Locale, { fee: string; threshold: string }>;

/** The French texts of `seeds` with their punctuation spaced and the typographic apostrophe (docs/decisions/french-typography.md). */
function withFrenchTypography(seeds: Seed[]): Seed[] {
  return seeds.map((seed) => {
    const fr = Object.fromEntries(
      Object.entries(seed.translations.fr).map(([key, value]) => [
        key,
        key === 'url' ? value : frenchTypography(value),
      ]),
    ) as T;
    return { ...seed, translations: { ...seed.translations, fr } };
  });
}

/** The seeded contents (also read by tests and the e2e journey). */
export const SEED_CONTENTS: Seed[] = withFrenchTypography([
  {
    type: 'page',
    group: 'association',
    sequence: 1,
    translations: {
      fr: {
        url: 'a-propos',
        title: 'Qui sommes-nous ?',
        meta_description:
          "VetShop est la centrale d'achat des vétérinaires belges : médicaments, aliments et matériel au prix de l'association.",
        content:
          "<p>VetShop est la centrale d'achat créée par et pour les vétérinaires praticiens de Belgique. L'association négocie avec les fabricants et les grossistes-répartiteurs pour offrir à ses membres des médicaments vétérinaires, des aliments diététiques et du matériel médical aux meilleures conditions.</p><h2>Nos missions</h2><ul><li>Grouper les achats des cabinets pour obtenir des remises que chaque praticien n'obtiendrait pas seul.</li><li>Livrer rapidement les cabinets dans toute la Belgique, avec un suivi des commandes et des reliquats.</li><li>Informer les membres des promotions des fournisseurs et des ruptures de stock.</li></ul><h2>Qui peut commander ?</h2><p>Les vétérinaires, auxiliaires vétérinaires, étudiants et pharmaciens enregistrés auprès de l'association. Chaque demande d'inscription est vérifiée par notre équipe avant l'ouverture du compte.</p>",
      },
      nl: {
        url: 'over-ons',
        title: 'Wie zijn we?',
        meta_description:
          'VetShop is de aankoopcentrale van de Belgische dierenartsen: geneesmiddelen, voeding en materiaal tegen de prijs van de vereniging.',
        content:
          '<p>VetShop is de aankoopcentrale opgericht door en voor praktiserende dierenartsen in België. De vereniging onderhandelt met fabrikanten en groothandelaars-verdelers om haar leden diergeneesmiddelen, dieetvoeding en medisch materiaal tegen de beste voorwaarden aan te bieden.</p><h2>Onze opdrachten</h2><ul><li>De aankopen van de praktijken bundelen om kortingen te verkrijgen die een dierenarts alleen niet zou krijgen.</li><li>De praktijken in heel België snel beleveren, met opvolging van bestellingen en nalevering.</li><li>De leden informeren over promoties van leveranciers en over tekorten.</li></ul><h2>Wie kan bestellen?</h2><p>Dierenartsen, dierenartsassistenten, studenten en apothekers die bij de vereniging geregistreerd zijn. Elke aanvraag wordt door ons team nagekeken voordat de account wordt geopend.</p>',
      },
      en: {
        url: 'about',
        title: 'About us',
        meta_description:
          "VetShop is the purchasing association of Belgian veterinarians: medicines, food and equipment at the association's price.",
        content:
          '<p>VetShop is the purchasing association founded by and for practising veterinarians in Belgium. The association negotiates with manufacturers and wholesalers so that its members get veterinary medicines, dietetic food and medical equipment on the best terms.</p><h2>What we do</h2><ul><li>Pool the purchases of practices to obtain discounts no single practitioner would get alone.</li><li>Deliver practices quickly throughout Belgium, with order and back-order tracking.</li><li>Keep members informed of supplier promotions and shortages.</li></ul><h2>Who can order?</h2><p>Veterinarians, veterinary nurses, students and pharmacists registered with the association. Our team checks every application before the account is opened.</p>',
      },
    },
  },
  {
    type: 'page',
    group: CMS_TERMS_GROUP,
    sequence: 2,
    translations: {
      fr: {
        url: 'conditions-generales-de-vente',
        title: 'Conditions générales de vente',
        content: `<h2>1. Champ d'application</h2><p>Les présentes conditions s'appliquent à toutes les commandes passées sur VetShop par les membres de l'association. Toute commande implique leur acceptation.</p><h2>2. Prix</h2><p>Les prix sont exprimés en euros hors TVA, selon la liste de prix du membre. Les commandes inférieures à ${terms.fr.threshold} HTVA supportent une participation aux frais de ${terms.fr.fee} ; elle n'est pas due si le total des commandes atteint ${terms.fr.threshold} avant la livraison.</p><h2>3. Livraison</h2><p>Les marchandises sont livrées à l'adresse de livraison du cabinet. Les produits momentanément indisponibles sont livrés dès leur réception, sauf annulation du reliquat par le membre.</p><h2>4. Paiement</h2><p>Les factures sont payables à 30 jours date de facture, sauf autre accord écrit.</p><h2>5. Réclamations</h2><p>Toute réclamation doit nous parvenir dans les 8 jours de la livraison via le formulaire de contact.</p>`,
      },
      nl: {
        url: 'algemene-verkoopvoorwaarden',
        // The soft hyphen breaks the compound on a phone ("verkoop-" / "voorwaarden") rather than before its
        // last letter (docs/decisions/responsive-shell.md, long words).
        title: 'Algemene verkoop\u00advoorwaarden',
        content: `<h2>1. Toepassingsgebied</h2><p>Deze voorwaarden gelden voor alle bestellingen die leden van de vereniging op VetShop plaatsen. Elke bestelling houdt de aanvaarding ervan in.</p><h2>2. Prijzen</h2><p>De prijzen zijn uitgedrukt in euro exclusief btw, volgens de prijslijst van het lid. Voor bestellingen onder ${terms.nl.threshold} excl. btw wordt een bijdrage in de kosten van ${terms.nl.fee} aangerekend; die vervalt wanneer het totaal van de bestellingen vóór de levering ${terms.nl.threshold} bereikt.</p><h2>3. Levering</h2><p>De goederen worden geleverd op het leveringsadres van de praktijk. Tijdelijk onbeschikbare producten worden geleverd zodra ze binnen zijn, tenzij het lid de nalevering annuleert.</p><h2>4. Betaling</h2><p>Facturen zijn betaalbaar binnen 30 dagen na factuurdatum, tenzij schriftelijk anders overeengekomen.</p><h2>5. Klachten</h2><p>Klachten moeten ons binnen 8 dagen na levering bereiken via het contactformulier.</p>`,
      },
      en: {
        url: 'terms-of-sale',
        title: 'Terms of sale',
        content: `<h2>1. Scope</h2><p>These terms apply to every order placed on VetShop by members of the association. Placing an order means accepting them.</p><h2>2. Prices</h2><p>Prices are in euros excluding VAT, from the member’s price list. Orders below ${terms.en.threshold} excl. VAT carry a handling fee of ${terms.en.fee}; it is waived when the total of the orders reaches ${terms.en.threshold} before delivery.</p><h2>3. Delivery</h2><p>Goods are delivered to the practice’s delivery address. Products temporarily out of stock are delivered as soon as they arrive, unless the member cancels the back-order.</p><h2>4. Payment</h2><p>Invoices are payable within 30 days of the invoice date unless agreed otherwise in writing.</p><h2>5. Complaints</h2><p>Complaints must reach us within 8 days of delivery through the contact form.</p>`,
      },
    },
  },
  {
    type: 'page',
    group: 'legal',
    sequence: 3,
    translations: {
      fr: {
        url: 'vie-privee',
        title: 'Politique de confidentialité',
        content:
          "<p>VetShop traite les données personnelles de ses membres conformément au Règlement général sur la protection des données (RGPD).</p><h2>Données traitées</h2><p>Identité et coordonnées du cabinet, numéro de TVA, historique des commandes et des factures, préférences de langue et d'abonnement à la newsletter.</p><h2>Finalités</h2><ul><li>Gestion des comptes, des commandes, des livraisons et de la facturation.</li><li>Information sur les promotions, uniquement avec votre accord.</li></ul><h2>Vos droits</h2><p>Vous pouvez consulter, rectifier ou faire effacer vos données, et vous opposer à leur traitement, en nous écrivant via le formulaire de contact. Vous pouvez aussi introduire une plainte auprès de l'Autorité de protection des données.</p>",
      },
      nl: {
        url: 'privacy',
        title: 'Privacybeleid',
        content:
          '<p>VetShop verwerkt de persoonsgegevens van haar leden overeenkomstig de Algemene Verordening Gegevensbescherming (AVG).</p><h2>Verwerkte gegevens</h2><p>Identiteit en contactgegevens van de praktijk, btw-nummer, historiek van bestellingen en facturen, taalvoorkeur en inschrijving op de nieuwsbrief.</p><h2>Doeleinden</h2><ul><li>Beheer van accounts, bestellingen, leveringen en facturatie.</li><li>Informatie over promoties, alleen met uw toestemming.</li></ul><h2>Uw rechten</h2><p>U kunt uw gegevens inzien, laten verbeteren of wissen en u tegen de verwerking verzetten door ons te schrijven via het contactformulier. U kunt ook klacht indienen bij de Gegevensbeschermingsautoriteit.</p>',
      },
      en: {
        url: 'privacy',
        title: 'Privacy policy',
        content:
          '<p>VetShop processes its members’ personal data in accordance with the General Data Protection Regulation (GDPR).</p><h2>Data processed</h2><p>Identity and contact details of the practice, VAT number, order and invoice history, language and newsletter preferences.</p><h2>Purposes</h2><ul><li>Managing accounts, orders, deliveries and invoicing.</li><li>Information about promotions, only with your consent.</li></ul><h2>Your rights</h2><p>You may access, correct or erase your data and object to its processing by writing to us through the contact form. You may also lodge a complaint with the Belgian Data Protection Authority.</p>',
      },
    },
  },
  {
    type: 'page',
    group: 'legal',
    sequence: 4,
    translations: {
      fr: {
        url: 'cookies',
        title: 'Politique en matière de cookies',
        content:
          "<p>Le site utilise des cookies strictement nécessaires à son fonctionnement : la session de connexion, le choix de la langue et le panier. Ils ne demandent pas votre consentement.</p><h2>Cookies optionnels</h2><p>Les cookies de mesure d'audience ne sont déposés qu'après votre accord dans la bannière de consentement. Vous pouvez modifier votre choix à tout moment.</p>",
      },
      nl: {
        url: 'cookies',
        title: 'Cookiebeleid',
        content:
          '<p>De site gebruikt cookies die strikt noodzakelijk zijn voor de werking: de aanmeldsessie, de taalkeuze en het winkelmandje. Daarvoor is geen toestemming nodig.</p><h2>Optionele cookies</h2><p>Cookies voor bezoekersstatistieken worden pas geplaatst na uw toestemming in de cookiebanner. U kunt uw keuze altijd wijzigen.</p>',
      },
      en: {
        url: 'cookies',
        title: 'Cookie policy',
        content:
          '<p>The site uses cookies that are strictly necessary for it to work: the sign-in session, the language choice and the cart. They need no consent.</p><h2>Optional cookies</h2><p>Audience measurement cookies are only set after you agree in the consent banner. You can change your choice at any time.</p>',
      },
    },
  },
  {
    type: 'snippet',
    slot: 'footer',
    sequence: 1,
    translations: {
      fr: {
        url: 'snippet-pied-de-page',
        title: 'Commander simplement',
        content:
          '<p>Une question sur une commande ou un produit ? Notre service commandes vous répond par téléphone au <a href="tel:+3225550100">02 555 01 00</a> ou par le formulaire de contact.</p>',
      },
      nl: {
        url: 'snippet-voettekst',
        title: 'Eenvoudig bestellen',
        content:
          '<p>Een vraag over een bestelling of een product? Onze bestellingendienst helpt u telefonisch op <a href="tel:+3225550100">02 555 01 00</a> of via het contactformulier.</p>',
      },
      en: {
        url: 'snippet-footer',
        title: 'Ordering made simple',
        content:
          '<p>A question about an order or a product? Our order desk answers by phone on <a href="tel:+3225550100">+32 2 555 01 00</a> or through the contact form.</p>',
      },
    },
  },
  {
    type: 'snippet',
    slot: 'subfooter',
    sequence: 1,
    translations: {
      fr: {
        url: 'snippet-sous-pied-de-page',
        title: 'Mentions légales',
        content: `<p>${seller.legalName.fr} – Association des vétérinaires acheteurs – ${seller.vat} – Vente réservée aux professionnels enregistrés.</p>`,
      },
      nl: {
        url: 'snippet-subvoettekst',
        title: 'Wettelijke vermeldingen',
        content: `<p>${seller.legalName.nl} – Aankoopvereniging van dierenartsen – ${seller.vat} – Verkoop enkel aan geregistreerde professionals.</p>`,
      },
      en: {
        url: 'snippet-subfooter',
        title: 'Legal notice',
        content: `<p>${seller.legalName.en} – Veterinary purchasing association – ${seller.vat} – Sales to registered professionals only.</p>`,
      },
    },
  },
  {
    type: 'news',
    date: '2026-09-15',
    sequence: 0,
    translations: {
      fr: {
        url: 'nouvelle-boutique-en-ligne',
        title: 'Notre nouvelle boutique en ligne est ouverte',
        foreword:
          'Commandes, documents, reliquats et statistiques : tout votre compte est désormais accessible en ligne, en français, en néerlandais et en anglais.',
        content:
          '<p>Après plusieurs mois de travail avec un groupe de vétérinaires membres, la nouvelle boutique est en ligne. Vous y retrouvez vos prix nets, vos commandes standard, le suivi des livraisons et vos factures en PDF.</p><p>La boutique s’installe aussi comme une application sur votre téléphone ou votre tablette.</p>',
      },
      nl: {
        url: 'nieuwe-webwinkel',
        title: 'Onze nieuwe webwinkel is open',
        foreword:
          'Bestellingen, documenten, naleveringen en statistieken: uw hele account is nu online beschikbaar, in het Nederlands, Frans en Engels.',
        content:
          '<p>Na maanden werk met een groep dierenartsen-leden staat de nieuwe webwinkel online. U vindt er uw nettoprijzen, standaardbestellingen, de opvolging van leveringen en uw facturen in pdf.</p><p>De winkel kan ook als app op uw telefoon of tablet worden geïnstalleerd.</p>',
      },
      en: {
        url: 'new-online-shop',
        title: 'Our new online shop is open',
        foreword:
          'Orders, documents, back-orders and statistics: your whole account is now online, in French, Dutch and English.',
        content:
          '<p>After months of work with a group of member veterinarians, the new shop is live. You will find your net prices, standard orders, delivery tracking and your invoices as PDF.</p><p>The shop can also be installed as an app on your phone or tablet.</p>',
      },
    },
  },
  {
    type: 'news',
    date: '2026-10-01',
    sequence: 0,
    translations: {
      fr: {
        url: 'campagne-vaccination-automne',
        title: "Campagne de vaccination d'automne",
        foreword:
          "Les vaccins canins et félins sont disponibles aux conditions de la campagne d'automne jusqu'au 30 novembre.",
        content:
          '<p>Comme chaque année, l’association a négocié une remise de campagne sur les principaux vaccins pour chiens et chats. Commandez tôt : les quantités sont réservées aux membres jusqu’à épuisement du stock du fournisseur.</p><p>Consultez la page des promotions pour les produits concernés.</p>',
      },
      nl: {
        url: 'najaarsvaccinatiecampagne',
        title: 'Najaarsvaccinatiecampagne',
        foreword:
          'Vaccins voor honden en katten zijn tot 30 november verkrijgbaar tegen de voorwaarden van de najaarscampagne.',
        content:
          '<p>Zoals elk jaar heeft de vereniging een campagnekorting op de belangrijkste vaccins voor honden en katten onderhandeld. Bestel tijdig: de hoeveelheden zijn voorbehouden aan leden zolang de voorraad van de leverancier strekt.</p><p>Bekijk de promotiepagina voor de betrokken producten.</p>',
      },
      en: {
        url: 'autumn-vaccination-campaign',
        title: 'Autumn vaccination campaign',
        foreword: 'Canine and feline vaccines are available on autumn campaign terms until 30 November.',
        content:
          '<p>As every year, the association negotiated a campaign discount on the main vaccines for dogs and cats. Order early: quantities are reserved for members while the supplier’s stock lasts.</p><p>See the promotions page for the products concerned.</p>',
      },
    },
  },
]);

/** Inserts the default contents when the content table is empty; answers how many were added. */
export async function seedContent(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cmsContents);
  if (Number(row?.n ?? 0) > 0) return 0;
  for (const seed of SEED_CONTENTS) await saveContent(db, null, seed);
  return SEED_CONTENTS.length;
}

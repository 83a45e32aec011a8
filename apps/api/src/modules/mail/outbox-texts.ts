/**
 * Locale tables (fr, nl, en) of the transactional mails of the outbox (docs/decisions/mail-outbox.md):
 * every word a customer or staff member reads in those mails. Values (order numbers, names,
 * amounts already formatted) come in as arguments and are escaped by the renderer
 * (outbox-render.ts), never here.
 */
import type { Locale } from '@vetshop/domain';
import { SIGNATURE } from './signature.ts';

/** Texts shared by every mail of a locale. */
export interface CommonTexts {
  greeting: (name: string) => string;
  signature: string;
  footer: string;
  orderNumber: string;
  orderDate: string;
  customerRef: string;
  product: string;
  qty: string;
  amount: string;
  untaxed: string;
  tax: string;
  total: string;
  /** Totals rows (docs/decisions/order-totals.md). */
  goods: string;
  discount: string;
  handlingFee: string;
  vatRow: (rate: string, base: string) => string;
  carrier: string;
  expectedDate: string;
  /** Label of the date when some units are on backorder (the date is that of the others). */
  expectedDateInStock: string;
  /** Label and text when every unit is on backorder: no date is promised. */
  deliveryDate: string;
  toBeConfirmed: string;
  deliveryAddress: string;
  invoicingAddress: string;
  customer: string;
  viewOrder: string;
}

/** Texts of each mail kind of a locale. */
export interface KindTexts {
  /**
   * `outro`, then `askReply` when the mails carry a Reply-To (replies reach the orders service),
   * `askContact(url)` otherwise: questions go to the contact form at `url`.
   */
  orderConfirmation: {
    subject: (order: string) => string;
    intro: string;
    outro: string;
    askReply: string;
    askContact: (url: string) => string;
  };
  staffNewOrder: { subject: (order: string, customer: string) => string; intro: string; open: string };
  shipment: {
    subject: (order: string) => string;
    intro: (order: string) => string;
    picking: string;
    carrier: string;
    tracking: string;
    noTracking: string;
  };
  invoice: {
    subject: (number: string) => string;
    intro: string;
    number: string;
    date: string;
    attached: string;
  };
  creditNote: { subject: (number: string) => string; intro: string; attached: string };
  backorderCancelled: {
    subject: (order: string) => string;
    intro: (product: string, qty: number) => string;
    remaining: string;
    credit: (creditNote: string) => string;
  };
  registrationApproved: { subject: string; body: string[]; action: string; after: string };
  registrationRefused: { subject: string; body: string[]; reason: string };
  /** An application was sent with the address of an existing account (no enumeration by the form). */
  registrationAccountExists: { subject: string; body: string[]; action: string; after: string };
  /** An application was sent while one with the same address awaits review. */
  registrationAlreadyPending: { subject: string; body: string[]; after: string };
  staffNewRegistration: {
    subject: (company: string) => string;
    intro: string;
    company: string;
    email: string;
    fn: string;
    open: string;
  };
  adPublished: { subject: (title: string) => string; intro: (title: string) => string; view: string };
  adRefused: { subject: (title: string) => string; intro: (title: string) => string; reason: string };
}

/** Common texts per locale. */
export const COMMON: Record<Locale, CommonTexts> = {
  fr: {
    greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
    signature: SIGNATURE.fr,
    footer:
      'VetShop — grossiste vétérinaire. Ce message vous est envoyé suite à une opération sur votre compte.',
    orderNumber: 'Commande',
    orderDate: 'Date',
    customerRef: 'Votre référence',
    product: 'Produit',
    qty: 'Qté',
    amount: 'Montant HTVA',
    untaxed: 'Total HTVA',
    tax: 'TVA',
    total: 'Total TVAC',
    goods: 'Marchandises HTVA',
    discount: 'Remises',
    handlingFee: 'Frais de participation HTVA',
    vatRow: (rate, base) => `TVA ${rate} sur ${base}`,
    carrier: 'Transporteur',
    expectedDate: 'Livraison prévue',
    expectedDateInStock: 'Livraison prévue des articles disponibles',
    deliveryDate: 'Date de livraison',
    toBeConfirmed: 'à confirmer\u00a0: les articles sont en reliquat et seront livrés dès que possible',
    deliveryAddress: 'Adresse de livraison',
    invoicingAddress: 'Adresse de facturation',
    customer: 'Client',
    viewOrder: 'Voir la commande',
  },
  nl: {
    greeting: (n) => (n ? `Beste ${n},` : 'Beste klant,'),
    signature: SIGNATURE.nl,
    footer: 'VetShop — veterinaire groothandel. U ontvangt dit bericht na een verrichting op uw account.',
    orderNumber: 'Bestelling',
    orderDate: 'Datum',
    customerRef: 'Uw referentie',
    product: 'Product',
    qty: 'Aantal',
    amount: 'Bedrag excl. btw',
    untaxed: 'Totaal excl. btw',
    goods: 'Goederen excl. btw',
    discount: 'Kortingen',
    handlingFee: 'Deelnamekosten excl. btw',
    vatRow: (rate, base) => `Btw ${rate} op ${base}`,
    carrier: 'Vervoerder',
    expectedDate: 'Verwachte levering',
    expectedDateInStock: 'Verwachte levering van de beschikbare artikelen',
    deliveryDate: 'Leverdatum',
    toBeConfirmed: 'nog te bevestigen: de artikelen worden nageleverd zodra ze beschikbaar zijn',
    tax: 'Btw',
    total: 'Totaal incl. btw',
    deliveryAddress: 'Leveringsadres',
    invoicingAddress: 'Facturatieadres',
    customer: 'Klant',
    viewOrder: 'Bestelling bekijken',
  },
  en: {
    greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
    signature: SIGNATURE.en,
    footer: 'VetShop — veterinary wholesale. You receive this message after an operation on your account.',
    orderNumber: 'Order',
    orderDate: 'Date',
    customerRef: 'Your reference',
    product: 'Product',
    qty: 'Qty',
    amount: 'Amount excl. VAT',
    untaxed: 'Total excl. VAT',
    goods: 'Goods excl. VAT',
    discount: 'Discounts',
    handlingFee: 'Handling fee excl. VAT',
    vatRow: (rate, base) => `VAT ${rate} on ${base}`,
    carrier: 'Carrier',
    expectedDate: 'Expected delivery',
    expectedDateInStock: 'Expected delivery of the items in stock',
    deliveryDate: 'Delivery date',
    toBeConfirmed: 'to be confirmed: the items are on backorder and will be delivered as soon as possible',
    tax: 'VAT',
    total: 'Total incl. VAT',
    deliveryAddress: 'Delivery address',
    invoicingAddress: 'Invoicing address',
    customer: 'Customer',
    viewOrder: 'View the order',
  },
};

/** Texts per mail kind and locale. */
export const KINDS: Record<Locale, KindTexts> = {
  fr: {
    orderConfirmation: {
      subject: (o) => `Confirmation de votre commande ${o}`,
      intro: 'Merci pour votre commande. Nous l’avons bien reçue et la préparons. En voici le récapitulatif.',
      outro: 'Vous recevrez un message à l’expédition.',
      askReply: 'Une question\u202f? Répondez simplement à ce message.',
      askContact: (url) => `Une question\u202f? Écrivez-nous par le formulaire de contact\u00a0: ${url}`,
    },
    staffNewOrder: {
      subject: (o, c) => `Nouvelle commande ${o} — ${c}`,
      intro: 'Une nouvelle commande a été passée sur la boutique.',
      open: 'Ouvrir dans le back-office',
    },
    shipment: {
      subject: (o) => `Votre commande ${o} a été expédiée`,
      intro: (o) => `Bonne nouvelle\u00a0: une livraison de votre commande ${o} vient de partir.`,
      picking: 'Livraison',
      carrier: 'Transporteur',
      tracking: 'Numéro de suivi',
      noTracking: 'non communiqué',
    },
    invoice: {
      subject: (n) => `Votre facture ${n}`,
      intro: 'Votre facture a été émise.',
      number: 'Numéro',
      date: 'Date',
      attached: 'Vous la trouverez en pièce jointe (PDF).',
    },
    creditNote: {
      subject: (n) => `Votre note de crédit ${n}`,
      intro: 'Une note de crédit a été émise en votre faveur.',
      attached: 'Vous la trouverez en pièce jointe (PDF).',
    },
    backorderCancelled: {
      subject: (o) => `Reliquat annulé sur votre commande ${o}`,
      intro: (p, q) => `L’annulation de ${q} × ${p} encore en attente de livraison a bien été enregistrée.`,
      remaining: 'Reste en commande',
      credit: (cn) => `La partie déjà facturée est créditée par la note de crédit ${cn}, envoyée séparément.`,
    },
    registrationApproved: {
      subject: 'Votre compte VetShop est activé',
      body: [
        'Bonne nouvelle\u00a0: votre demande d’ouverture de compte a été approuvée.',
        'Pour terminer, confirmez votre adresse e-mail en ouvrant le lien ci-dessous (valable 7 jours). Vous pourrez ensuite vous connecter et commander aux prix de votre liste de prix.',
      ],
      action: 'Confirmer mon adresse e-mail',
      after: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    },
    registrationRefused: {
      subject: 'Votre demande de compte VetShop',
      body: [
        'Nous avons examiné votre demande d’ouverture de compte et ne pouvons malheureusement pas y donner suite.',
        'Pour toute question, contactez notre service clients.',
      ],
      reason: 'Motif',
    },
    registrationAccountExists: {
      subject: 'Vous avez déjà un compte VetShop',
      body: [
        'Une demande d’ouverture de compte vient d’être envoyée avec votre adresse e-mail, qui a déjà un compte VetShop. Aucune nouvelle demande n’a été enregistrée.',
        'Connectez-vous avec cette adresse. Si vous avez oublié votre mot de passe, choisissez «\u00a0Mot de passe oublié\u00a0» sur la page de connexion.',
      ],
      action: 'Se connecter',
      after:
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre compte n’a pas changé.',
    },
    registrationAlreadyPending: {
      subject: 'Votre demande de compte VetShop est déjà en cours d’examen',
      body: [
        'Une demande d’ouverture de compte vient d’être envoyée avec votre adresse e-mail alors qu’une demande précédente attend encore notre examen.',
        'Nous n’avons pas enregistré de seconde demande\u00a0: vous recevrez notre réponse à la première par e-mail.',
      ],
      after: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    },
    staffNewRegistration: {
      subject: (c) => `Nouvelle demande de compte — ${c}`,
      intro: 'Une nouvelle demande d’ouverture de compte attend votre approbation.',
      company: 'Société',
      email: 'E-mail',
      fn: 'Fonction',
      open: 'Ouvrir dans le back-office',
    },
    adPublished: {
      subject: (t) => `Votre petite annonce «\u00a0${t}\u00a0» est publiée`,
      intro: (t) => `Votre petite annonce «\u00a0${t}\u00a0» a été approuvée et est maintenant visible.`,
      view: 'Voir l’annonce',
    },
    adRefused: {
      subject: (t) => `Votre petite annonce «\u00a0${t}\u00a0» n’a pas été publiée`,
      intro: (t) => `Votre petite annonce «\u00a0${t}\u00a0» n’a pas été acceptée par notre équipe.`,
      reason: 'Motif',
    },
  },
  nl: {
    orderConfirmation: {
      subject: (o) => `Bevestiging van uw bestelling ${o}`,
      intro:
        'Bedankt voor uw bestelling. We hebben ze goed ontvangen en maken ze klaar. Hier is het overzicht.',
      outro: 'U krijgt een bericht bij de verzending.',
      askReply: 'Een vraag? Beantwoord gewoon dit bericht.',
      askContact: (url) => `Een vraag? Schrijf ons via het contactformulier: ${url}`,
    },
    staffNewOrder: {
      subject: (o, c) => `Nieuwe bestelling ${o} — ${c}`,
      intro: 'Er is een nieuwe bestelling geplaatst in de webshop.',
      open: 'Openen in de backoffice',
    },
    shipment: {
      subject: (o) => `Uw bestelling ${o} is verzonden`,
      intro: (o) => `Goed nieuws: een levering van uw bestelling ${o} is vertrokken.`,
      picking: 'Levering',
      carrier: 'Vervoerder',
      tracking: 'Trackingnummer',
      noTracking: 'niet meegedeeld',
    },
    invoice: {
      subject: (n) => `Uw factuur ${n}`,
      intro: 'Uw factuur is opgemaakt.',
      number: 'Nummer',
      date: 'Datum',
      attached: 'U vindt ze in bijlage (pdf).',
    },
    creditNote: {
      subject: (n) => `Uw creditnota ${n}`,
      intro: 'Er is een creditnota in uw voordeel opgemaakt.',
      attached: 'U vindt ze in bijlage (pdf).',
    },
    backorderCancelled: {
      subject: (o) => `Nalevering geannuleerd in uw bestelling ${o}`,
      intro: (p, q) => `De annulering van ${q} × ${p} die nog op levering wachtten, is geregistreerd.`,
      remaining: 'Nog in bestelling',
      credit: (cn) =>
        `Het reeds gefactureerde deel wordt gecrediteerd met creditnota ${cn}, die u apart ontvangt.`,
    },
    registrationApproved: {
      subject: 'Uw VetShop-account is geactiveerd',
      body: [
        'Goed nieuws: uw aanvraag voor een account is goedgekeurd.',
        'Bevestig tot slot uw e-mailadres via de onderstaande link (7 dagen geldig). Daarna kunt u inloggen en bestellen tegen de prijzen van uw prijslijst.',
      ],
      action: 'Mijn e-mailadres bevestigen',
      after: 'Hebt u deze aanvraag niet gedaan? Dan mag u dit bericht negeren.',
    },
    registrationRefused: {
      subject: 'Uw aanvraag voor een VetShop-account',
      body: [
        'We hebben uw aanvraag voor een account bekeken en kunnen er helaas niet op ingaan.',
        'Met vragen kunt u terecht bij onze klantendienst.',
      ],
      reason: 'Reden',
    },
    registrationAccountExists: {
      subject: 'U hebt al een VetShop-account',
      body: [
        'Er werd zonet een accountaanvraag verstuurd met uw e-mailadres, dat al een VetShop-account heeft. Er werd geen nieuwe aanvraag geregistreerd.',
        'Meld u aan met dit adres. Bent u uw wachtwoord vergeten? Kies dan „Wachtwoord vergeten” op de aanmeldpagina.',
      ],
      action: 'Aanmelden',
      after: 'Hebt u deze aanvraag niet gedaan? Dan mag u dit bericht negeren: uw account is niet gewijzigd.',
    },
    registrationAlreadyPending: {
      subject: 'Uw aanvraag voor een VetShop-account wordt al behandeld',
      body: [
        'Er werd zonet een accountaanvraag verstuurd met uw e-mailadres, terwijl een eerdere aanvraag nog op beoordeling wacht.',
        'We hebben geen tweede aanvraag geregistreerd: u ontvangt ons antwoord op de eerste per e-mail.',
      ],
      after: 'Hebt u deze aanvraag niet gedaan? Dan mag u dit bericht negeren.',
    },
    staffNewRegistration: {
      subject: (c) => `Nieuwe accountaanvraag — ${c}`,
      intro: 'Een nieuwe accountaanvraag wacht op uw goedkeuring.',
      company: 'Bedrijf',
      email: 'E-mail',
      fn: 'Functie',
      open: 'Openen in de backoffice',
    },
    adPublished: {
      subject: (t) => `Uw zoekertje „${t}” is gepubliceerd`,
      intro: (t) => `Uw zoekertje „${t}” is goedgekeurd en is nu zichtbaar.`,
      view: 'Zoekertje bekijken',
    },
    adRefused: {
      subject: (t) => `Uw zoekertje „${t}” is niet gepubliceerd`,
      intro: (t) => `Uw zoekertje „${t}” werd niet aanvaard door ons team.`,
      reason: 'Reden',
    },
  },
  en: {
    orderConfirmation: {
      subject: (o) => `Confirmation of your order ${o}`,
      intro: 'Thank you for your order. We have received it and are preparing it. Here is the summary.',
      outro: 'You will get a message when it ships.',
      askReply: 'A question? Simply reply to this message.',
      askContact: (url) => `A question? Write to us through the contact form: ${url}`,
    },
    staffNewOrder: {
      subject: (o, c) => `New order ${o} — ${c}`,
      intro: 'A new order was placed in the shop.',
      open: 'Open in the back office',
    },
    shipment: {
      subject: (o) => `Your order ${o} has shipped`,
      intro: (o) => `Good news: a delivery of your order ${o} is on its way.`,
      picking: 'Delivery',
      carrier: 'Carrier',
      tracking: 'Tracking number',
      noTracking: 'not given',
    },
    invoice: {
      subject: (n) => `Your invoice ${n}`,
      intro: 'Your invoice has been issued.',
      number: 'Number',
      date: 'Date',
      attached: 'You will find it attached (PDF).',
    },
    creditNote: {
      subject: (n) => `Your credit note ${n}`,
      intro: 'A credit note has been issued in your favour.',
      attached: 'You will find it attached (PDF).',
    },
    backorderCancelled: {
      subject: (o) => `Backorder cancelled in your order ${o}`,
      intro: (p, q) => `The cancellation of ${q} × ${p} still awaiting delivery has been recorded.`,
      remaining: 'Still on order',
      credit: (cn) => `The part already invoiced is credited by credit note ${cn}, sent separately.`,
    },
    registrationApproved: {
      subject: 'Your VetShop account is active',
      body: [
        'Good news: your application for an account has been approved.',
        'To finish, confirm your email address with the link below (valid for 7 days). You can then sign in and order at the prices of your price list.',
      ],
      action: 'Confirm my email address',
      after: 'If you did not apply for an account, please ignore this message.',
    },
    registrationRefused: {
      subject: 'Your application for a VetShop account',
      body: [
        'We have reviewed your application for an account and unfortunately cannot accept it.',
        'For any question, please contact our customer service.',
      ],
      reason: 'Reason',
    },
    registrationAccountExists: {
      subject: 'You already have a VetShop account',
      body: [
        'An application for an account was just sent with your email address, which already has a VetShop account. No new application was recorded.',
        'Sign in with this address. If you forgot your password, choose “Forgot password” on the sign-in page.',
      ],
      action: 'Sign in',
      after:
        'If you did not send this application, please ignore this message: your account has not changed.',
    },
    registrationAlreadyPending: {
      subject: 'Your VetShop application is already being reviewed',
      body: [
        'An application for an account was just sent with your email address while an earlier one is still waiting for our review.',
        'We did not record a second application: you will receive our answer to the first one by email.',
      ],
      after: 'If you did not send this application, please ignore this message.',
    },
    staffNewRegistration: {
      subject: (c) => `New account application — ${c}`,
      intro: 'A new account application is waiting for your approval.',
      company: 'Company',
      email: 'Email',
      fn: 'Function',
      open: 'Open in the back office',
    },
    adPublished: {
      subject: (t) => `Your small ad “${t}” is published`,
      intro: (t) => `Your small ad “${t}” has been approved and is now visible.`,
      view: 'View the ad',
    },
    adRefused: {
      subject: (t) => `Your small ad “${t}” was not published`,
      intro: (t) => `Your small ad “${t}” was not accepted by our team.`,
      reason: 'Reason',
    },
  },
};

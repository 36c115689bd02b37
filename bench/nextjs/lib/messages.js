/** The main app's copy (app/i18n/messages.ts), only what these pages show. */
const MESSAGES = {
  en: {
    languageName: "English",
    siteName: "Shell",
    nav: {
      home: "Home",
      about: "About",
      newPost: "New post",
      blog: "Blog",
      docs: "Docs",
      shop: "Shop",
    },
    languageSwitcher: "Language",
    home: {
      title: "Welcome",
      intro: "A server-rendered app shell that keeps every link working.",
      photoAlt: "Mountains above a lake at dusk",
    },
    about: { title: "About us", body: "We build web apps that load fast and never break a link." },
    blogNew: { title: "Write a new post", body: "Drafts are saved as you type." },
    blogPost: { title: (slug) => `Post: ${slug}`, body: "Thanks for reading." },
    docs: { title: "Documentation", body: (path) => `You are reading ${path}.` },
    shop: {
      title: "Shop",
      all: "All products.",
      filtered: (filters) => `Products filtered by ${filters}.`,
    },
    notFound: {
      title: "Page not found",
      body: "The page you asked for does not exist.",
      home: "Go to the home page",
    },
  },
  fr: {
    languageName: "Français",
    siteName: "Shell",
    nav: {
      home: "Accueil",
      about: "À propos",
      newPost: "Nouvel article",
      blog: "Blog",
      docs: "Documentation",
      shop: "Boutique",
    },
    languageSwitcher: "Langue",
    home: {
      title: "Bienvenue",
      intro: "Une application rendue côté serveur qui ne casse aucun lien.",
      photoAlt: "Des montagnes au-dessus d’un lac au crépuscule",
    },
    about: {
      title: "À propos de nous",
      body: "Nous construisons des applications web rapides qui ne cassent aucun lien.",
    },
    blogNew: {
      title: "Écrire un nouvel article",
      body: "Les brouillons sont enregistrés pendant la saisie.",
    },
    blogPost: { title: (slug) => `Article : ${slug}`, body: "Merci de votre lecture." },
    docs: { title: "Documentation", body: (path) => `Vous lisez ${path}.` },
    shop: {
      title: "Boutique",
      all: "Tous les produits.",
      filtered: (filters) => `Produits filtrés par ${filters}.`,
    },
    notFound: {
      title: "Page introuvable",
      body: "La page demandée n’existe pas.",
      home: "Aller à l’accueil",
    },
  },
  de: {
    languageName: "Deutsch",
    siteName: "Shell",
    nav: {
      home: "Start",
      about: "Über uns",
      newPost: "Neuer Beitrag",
      blog: "Blog",
      docs: "Dokumentation",
      shop: "Laden",
    },
    languageSwitcher: "Sprache",
    home: {
      title: "Willkommen",
      intro: "Eine serverseitig gerenderte App, die jeden Link am Leben hält.",
      photoAlt: "Berge über einem See in der Abenddämmerung",
    },
    about: {
      title: "Über uns",
      body: "Wir bauen Web-Apps, die schnell laden und keinen Link brechen.",
    },
    blogNew: {
      title: "Neuen Beitrag schreiben",
      body: "Entwürfe werden beim Tippen gespeichert.",
    },
    blogPost: { title: (slug) => `Beitrag: ${slug}`, body: "Danke fürs Lesen." },
    docs: { title: "Dokumentation", body: (path) => `Sie lesen ${path}.` },
    shop: {
      title: "Laden",
      all: "Alle Produkte.",
      filtered: (filters) => `Produkte gefiltert nach ${filters}.`,
    },
    notFound: {
      title: "Seite nicht gefunden",
      body: "Die angeforderte Seite gibt es nicht.",
      home: "Zur Startseite",
    },
  },
};

export const LOCALES = ["en", "fr", "de"];
export const DEFAULT_LOCALE = "en";

export function messages(locale) {
  return MESSAGES[locale] ?? MESSAGES[DEFAULT_LOCALE];
}

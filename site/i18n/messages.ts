/**
 * The example site's text, in each of its locales. Plain data and functions,
 * no import: the benchmark's Next.js peer builds the same pages with it.
 */

export interface Messages {
  languageName: string;
  siteName: string;
  nav: { home: string; about: string; blog: string; newPost: string; docs: string; shop: string };
  languageSwitcher: string;
  home: { title: string; intro: string; photoAlt: string };
  about: { title: string; body: string };
  blogNew: { title: string; body: string };
  blogPost: { title: (slug: string) => string; body: string };
  docs: { title: string; body: (path: string) => string };
  shop: { title: string; all: string; filtered: (filters: string) => string };
  notFound: { title: string; body: string; home: string };
  serverError: { title: string; body: string; reference: string };
  statusError: { title: (status: number) => string };
}

const en: Messages = {
  languageName: "English",
  siteName: "Shell",
  nav: {
    home: "Home",
    about: "About",
    blog: "Blog",
    newPost: "New post",
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
  serverError: {
    title: "Something went wrong",
    body: "We could not show this page. Please try again in a moment.",
    reference: "Reference",
  },
  statusError: { title: (status) => `Request failed (${status})` },
};

const fr: Messages = {
  languageName: "Français",
  siteName: "Shell",
  nav: {
    home: "Accueil",
    about: "À propos",
    blog: "Blog",
    newPost: "Nouvel article",
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
  serverError: {
    title: "Une erreur est survenue",
    body: "Nous n’avons pas pu afficher cette page. Réessayez dans un instant.",
    reference: "Référence",
  },
  statusError: { title: (status) => `La requête a échoué (${status})` },
};

const de: Messages = {
  languageName: "Deutsch",
  siteName: "Shell",
  nav: {
    home: "Start",
    about: "Über uns",
    blog: "Blog",
    newPost: "Neuer Beitrag",
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
  serverError: {
    title: "Etwas ist schiefgelaufen",
    body: "Diese Seite konnte nicht angezeigt werden. Bitte versuchen Sie es gleich noch einmal.",
    reference: "Referenz",
  },
  statusError: { title: (status) => `Anfrage fehlgeschlagen (${status})` },
};

const es: Messages = {
  languageName: "Español",
  siteName: "Shell",
  nav: {
    home: "Inicio",
    about: "Quiénes somos",
    blog: "Blog",
    newPost: "Nueva entrada",
    docs: "Documentación",
    shop: "Tienda",
  },
  languageSwitcher: "Idioma",
  home: {
    title: "Bienvenida",
    intro: "Una aplicación renderizada en el servidor que no rompe ningún enlace.",
    photoAlt: "Montañas sobre un lago al anochecer",
  },
  about: {
    title: "Quiénes somos",
    body: "Hacemos aplicaciones web que cargan rápido y nunca rompen un enlace.",
  },
  blogNew: {
    title: "Escribir una entrada nueva",
    body: "Los borradores se guardan mientras escribe.",
  },
  blogPost: { title: (slug) => `Entrada: ${slug}`, body: "Gracias por leer." },
  docs: { title: "Documentación", body: (path) => `Está leyendo ${path}.` },
  shop: {
    title: "Tienda",
    all: "Todos los productos.",
    filtered: (filters) => `Productos filtrados por ${filters}.`,
  },
  notFound: {
    title: "Página no encontrada",
    body: "La página que busca no existe.",
    home: "Ir a la página de inicio",
  },
  serverError: {
    title: "Algo salió mal",
    body: "No pudimos mostrar esta página. Inténtelo de nuevo en un momento.",
    reference: "Referencia",
  },
  statusError: { title: (status) => `La solicitud falló (${status})` },
};

const ptBR: Messages = {
  languageName: "Português (Brasil)",
  siteName: "Shell",
  nav: {
    home: "Início",
    about: "Sobre",
    blog: "Blog",
    newPost: "Nova publicação",
    docs: "Documentação",
    shop: "Loja",
  },
  languageSwitcher: "Idioma",
  home: {
    title: "Bem-vindo",
    intro: "Um app renderizado no servidor que mantém todos os links vivos.",
    photoAlt: "Montanhas sobre um lago ao entardecer",
  },
  about: {
    title: "Sobre nós",
    body: "Criamos apps web que carregam rápido e nunca quebram um link.",
  },
  blogNew: {
    title: "Escrever uma nova publicação",
    body: "Os rascunhos são salvos enquanto você digita.",
  },
  blogPost: { title: (slug) => `Publicação: ${slug}`, body: "Obrigado pela leitura." },
  docs: { title: "Documentação", body: (path) => `Você está lendo ${path}.` },
  shop: {
    title: "Loja",
    all: "Todos os produtos.",
    filtered: (filters) => `Produtos filtrados por ${filters}.`,
  },
  notFound: {
    title: "Página não encontrada",
    body: "A página que você procura não existe.",
    home: "Ir para a página inicial",
  },
  serverError: {
    title: "Algo deu errado",
    body: "Não foi possível exibir esta página. Tente novamente em instantes.",
    reference: "Referência",
  },
  statusError: { title: (status) => `A solicitação falhou (${status})` },
};

// Text for more locales than next.config's i18n may list: a locale is served only
// once it names it, and then it must be here (tests/unit/messages.test.ts).
// Keyed as the config writes each locale: `pt-BR`, as its URLs write it.
const MESSAGES: Record<string, Messages> = { en, fr, de, es, "pt-BR": ptBR };

/** The locales the site has text for. */
export const TRANSLATED_LOCALES: readonly string[] = Object.keys(MESSAGES);

/** Whether there is text for `locale`. */
export const hasMessages = (locale: string): boolean => Object.hasOwn(MESSAGES, locale);

export function messages(locale: string): Messages {
  const text = MESSAGES[locale];
  if (!text)
    throw new Error(`site/i18n/messages.ts has no text for the locale ${JSON.stringify(locale)}`);
  return text;
}

/**
 * The text of the shell's own notice for an exception in the browser
 * (error-pages.tsx), in the locales the shell speaks; a site's locale it does
 * not speak gets English. The shell's, not a site's: a site's own error pages
 * are its `pages/_error`, `404` and `500`.
 */

export interface ClientExceptionText {
  readonly title: string;
  readonly body: string;
  readonly reload: string;
  /** The label of the reference the visitor can quote. */
  readonly reference: string;
}

const TEXT: Readonly<Record<string, ClientExceptionText>> = {
  en: {
    title: "Application error",
    body: "A client-side exception has occurred.",
    reload: "Reload the page",
    reference: "Reference",
  },
  fr: {
    title: "Erreur de l’application",
    body: "Une exception côté client s’est produite.",
    reload: "Recharger la page",
    reference: "Référence",
  },
  de: {
    title: "Anwendungsfehler",
    body: "Im Browser ist eine Ausnahme aufgetreten.",
    reload: "Seite neu laden",
    reference: "Referenz",
  },
  es: {
    title: "Error de la aplicación",
    body: "Se produjo una excepción en el navegador.",
    reload: "Recargar la página",
    reference: "Referencia",
  },
  "pt-BR": {
    title: "Erro do aplicativo",
    body: "Ocorreu uma exceção no navegador.",
    reload: "Recarregar a página",
    reference: "Referência",
  },
};

/** The locales the notice is written in. */
export const NOTICE_LOCALES: readonly string[] = Object.keys(TEXT);

/** The notice's text in `locale`, or English. */
export function clientExceptionText(locale: string): ClientExceptionText {
  return Object.hasOwn(TEXT, locale) ? TEXT[locale]! : TEXT.en!;
}

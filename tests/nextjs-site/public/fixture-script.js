window.__externalScriptRan = (window.__externalScriptRan || 0) + 1;

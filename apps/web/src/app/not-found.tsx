import en from '../../messages/en.json';
import fr from '../../messages/fr.json';
import nl from '../../messages/nl.json';

/**
 * 404 for paths outside any locale (the proxy sends almost everything to a locale first): shows the
 * docs/product/web-app-shell.md#languages text in the three languages, since the locale is unknown here.
 */
export default function GlobalNotFound() {
  return (
    <html lang="fr">
      <body>
        <main className="mx-auto max-w-2xl px-4 py-16 text-center">
          {[fr, nl, en].map((m, i) => (
            <section key={i} lang={['fr', 'nl', 'en'][i]} className="mb-8">
              {i === 0 ? (
                <h1 className="text-3xl font-bold">{m.notFound.title}</h1>
              ) : (
                <h2 className="text-2xl font-bold">{m.notFound.title}</h2>
              )}
              <p className="mt-2">{m.notFound.text}</p>
            </section>
          ))}
          {/* A plain link: the locale is unknown here, so "/" is a full load the proxy sends to one; next/link
              would put a second copy of its code in every page's first-load JavaScript. */}
          <a href="/" className="inline-block rounded bg-brand px-5 py-2 font-semibold text-white">
            {fr.notFound.back} · {nl.notFound.back} · {en.notFound.back}
          </a>
        </main>
      </body>
    </html>
  );
}

/**
 * The article page the way the old client delivered it, rebuilt for the side-by-side benchmark
 * only: an empty HTML shell, a React + React Router bundle, and a fetch of
 * GET /api/articles/slug/{slug} before anything of the article can be drawn. Its markup uses
 * Ganyan's class names so the benchmark waits for the same element (`.article__body p`) on both.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router-dom';

interface ArticleDetail {
  title: string;
  subtitle?: string | null;
  excerpt: string;
  content: string | null;
  publishedAt: string | null;
  readTime: number;
  author: { id: string; displayName: string };
}

function ArticlePage() {
  const { slug = '' } = useParams();
  const [article, setArticle] = useState<ArticleDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetch(`/api/articles/slug/${encodeURIComponent(slug)}`)
      .then((res) => res.json() as Promise<{ success: boolean; data?: ArticleDetail; message?: string }>)
      .then((json) => {
        if (cancelled) return;
        if (json.success && json.data) setArticle(json.data);
        else setError(json.message ?? 'Makale bulunamadı.');
      })
      .catch(() => !cancelled && setError('Bağlantı hatası.'));
    return () => {
      cancelled = true;
    };
  }, [slug]);

  if (error) return <p role="alert">{error}</p>;
  if (!article) return <p className="loading">Yükleniyor...</p>;
  return (
    <article className="article">
      <h1 className="article__title">{article.title}</h1>
      {article.subtitle ? <p className="article__subtitle">{article.subtitle}</p> : null}
      <p className="article__byline">
        {article.author.displayName} · {article.readTime} dk okuma
      </p>
      <p className="article__excerpt">{article.excerpt}</p>
      <div className="article__body" dangerouslySetInnerHTML={{ __html: article.content ?? '' }} />
    </article>
  );
}

function App() {
  return (
    <BrowserRouter basename="/_bench/old-client">
      <header className="site-header">
        <Link to="/">Ganyan</Link>
      </header>
      <main className="container">
        <Routes>
          <Route path="/makale/:slug" element={<ArticlePage />} />
          <Route path="*" element={<p>Sayfa bulunamadı.</p>} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

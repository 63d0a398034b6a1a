import type { MediaAudio, MediaVideo } from './types';

/**
 * Audio players and video embeds of an article. Rendered statically for public articles and
 * by ArticleBody once a protected article's body arrives. Only YouTube and Vimeo are embedded
 * (from ids we build the URL ourselves); anything else becomes a plain link.
 */
export function embedUrlFor(video: MediaVideo): string | null {
  const youtubeId = video.platform === 'youtube' ? video.videoId ?? youtubeIdFrom(video.url) : youtubeIdFrom(video.url);
  if (youtubeId) return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}`;
  const vimeoId = video.platform === 'vimeo' && video.videoId ? video.videoId : vimeoIdFrom(video.url);
  if (vimeoId) return `https://player.vimeo.com/video/${encodeURIComponent(vimeoId)}`;
  return null;
}

function youtubeIdFrom(url: string): string | null {
  const match = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,20})/.exec(url);
  return match?.[1] ?? null;
}

function vimeoIdFrom(url: string): string | null {
  const match = /vimeo\.com\/(?:video\/)?(\d{5,12})/.exec(url);
  return match?.[1] ?? null;
}

export function ArticleMedia({ audio = [], videos = [] }: { audio?: MediaAudio[]; videos?: MediaVideo[] }) {
  if (audio.length === 0 && videos.length === 0) return null;
  return (
    <section className="article-media" aria-label="Medya">
      {audio.map((item, index) => (
        <figure className="article-audio" key={`a${index}`}>
          <figcaption>
            <span className="article-audio__title">{item.title || `Ses kaydı ${index + 1}`}</span>
            {item.artist ? <span className="article-audio__artist"> · {item.artist}</span> : null}
          </figcaption>
          <audio controls preload="none" src={item.url}>
            <a href={item.url}>Ses dosyasını indir</a>
          </audio>
        </figure>
      ))}
      {videos.map((video, index) => {
        const src = embedUrlFor(video);
        const title = video.title || `Video ${index + 1}`;
        return src ? (
          <div className="article-video" key={`v${index}`}>
            <iframe
              src={src}
              title={title}
              loading="lazy"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : (
          <p className="article-video-link" key={`v${index}`}>
            <a href={video.url} rel="noopener noreferrer" target="_blank">
              {title}
            </a>
          </p>
        );
      })}
    </section>
  );
}

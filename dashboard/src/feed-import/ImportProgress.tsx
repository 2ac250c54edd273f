import type { FeedImport } from '@kerygma/domain/contracts/feed-import';
import { Link } from 'react-router';
import { useI18n } from '../i18n.tsx';
import { useAreaPath } from '../shell/area.ts';
import { TableScroll } from './TableScroll.tsx';

/**
 * An import under way or over: how many sermons were made and how many media are ready or
 * failed (read out as it changes), then each imported item's media state, and why it failed.
 */
export function ImportProgress({ data, onAnother }: { data: FeedImport; onAnother: () => void }) {
  const { t } = useI18n();
  const to = useAreaPath();
  const { progress } = data;
  const imported = data.items.filter((item) => item.sermonID !== null);
  const settled = progress.mediaDone + progress.mediaFailed;

  return (
    <div>
      <h2 id="feed-import-progress">{t('feedImportScreen.progress.title')}</h2>
      <progress max={Math.max(progress.total, 1)} value={settled} aria-labelledby="feed-import-progress" />
      <div role="status" aria-live="polite">
        <p>{t('feedImportScreen.progress.summary', progress)}</p>
        {data.state === 'done' && <p>{t('feedImportScreen.progress.done')}</p>}
      </div>
      <TableScroll labelledBy="feed-import-progress">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('feedImportScreen.items.sermon')}</th>
              <th scope="col">{t('feedImportScreen.progress.media')}</th>
            </tr>
          </thead>
          <tbody>
            {imported.map((item) => (
              <tr key={item.guid}>
                <th scope="row">
                  {item.sermonID ? <Link to={to(`/sermons/${item.sermonID}`)}>{item.title}</Link> : item.title}
                </th>
                <td>
                  {item.mediaState && (
                    <span className={`state state-media-${item.mediaState}`}>
                      {t(`feedImportScreen.progress.mediaState.${item.mediaState}`)}
                    </span>
                  )}
                  {item.error && (
                    <span className="field-error">
                      {' '}
                      {t('feedImportScreen.progress.reason', { reason: item.error })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {data.state !== 'importing' && (
        <button type="button" className="button" onClick={onAnother}>
          {t('feedImportScreen.progress.another')}
        </button>
      )}
    </div>
  );
}

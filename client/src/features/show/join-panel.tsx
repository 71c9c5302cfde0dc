import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { trpc } from '../../lib/trpc';
import { JoinQr } from './join-qr';

/** The room code in groups a TV's viewers read out easily: "004 217". */
export const spacedCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * How a phone joins, as the TV shows it: the room code, very large; a QR code of the join
 * address with the code in it; the address in words. The origin is the server's answer
 * (show.joinOrigin): a TV on localhost shows the machine's network address, which phones reach.
 */
export function JoinPanel({ code }: { code: string }) {
  const { t } = useTranslation('show');
  const origin = trpc.show.joinOrigin.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const base = origin.data?.origin ?? window.location.origin;
  const address = `${base}${paths.join}`;
  const link = `${address}?code=${code}`;
  return (
    <section className="join-panel" aria-labelledby="join-title">
      <h1 id="join-title">{t('lobby.title')}</h1>
      <p className="room-code-label">{t('lobby.codeLabel')}</p>
      <p className="room-code" data-code={code}>
        {spacedCode(code)}
      </p>
      {origin.isPending ? (
        <div className="join-qr join-qr-pending" />
      ) : (
        <JoinQr text={link} label={t('lobby.qr', { address })} />
      )}
      <p className="join-address">
        {t('lobby.scan')} <strong className="join-url">{address.replace(/^https?:\/\//, '')}</strong>{' '}
        {t('lobby.andEnter')}
      </p>
    </section>
  );
}

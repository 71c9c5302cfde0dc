import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../../shared/avatars';

/** Decorative by default: the name beside it says who it is. */
export function Avatar({ avatar, size = 48, labelled = false }: { avatar: string; size?: number; labelled?: boolean }) {
  const { t } = useTranslation('profiles');
  return (
    <img
      className="avatar"
      src={avatarUrl(avatar)}
      width={size}
      height={size}
      // In rem, so it grows with the text on a TV (styles.css).
      style={{ width: `${size / 16}rem`, height: `${size / 16}rem` }}
      alt={labelled ? t(`avatars.${avatar}`) : ''}
    />
  );
}

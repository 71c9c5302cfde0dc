import { useTranslation } from 'react-i18next';
import { avatarUrl } from '#shared/avatars.ts';

type Props = {
  avatar: string;
  /** In CSS pixels at 16 px text; 'fluid' lets the surrounding layout size it (the form's grid). */
  size?: number | 'fluid';
  labelled?: boolean;
};

/** Decorative by default: the name beside it says who it is. */
export function Avatar({ avatar, size = 48, labelled = false }: Props) {
  const { t } = useTranslation('profiles');
  const pixels = size === 'fluid' ? 120 : size;
  return (
    <img
      className="avatar"
      src={avatarUrl(avatar)}
      width={pixels}
      height={pixels}
      // In rem, so it grows with the text on a TV (styles.css).
      style={size === 'fluid' ? undefined : { width: `${size / 16}rem`, height: `${size / 16}rem` }}
      alt={labelled ? t(`avatars.${avatar}`) : ''}
    />
  );
}

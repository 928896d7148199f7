import { Avatar, type AvatarProps } from '@fluentui/react-components';
import { defaultAvatarOf } from './default-avatars.ts';
import { useThumbnail } from './thumbnails.ts';

export interface WorkerAvatarProps {
  /** the person's name: the picture's text alternative, unless `decorative` */
  name: string;
  /** MALE, FEMALE or OTHER: which default picture a person without a photo gets */
  gender?: string | null;
  /** the file id of their photo (AVATAR), if they have one */
  avatarId?: string | null;
  size?: AvatarProps['size'];
  /** the name is written beside it: the picture says nothing more (hidden from screen readers) */
  decorative?: boolean;
  title?: string;
}

/**
 * A person's round picture: their photo's 200×200 thumbnail when they have one and the caller
 * may see it, else the default avatar of their gender (never initials on a blank disc).
 */
export function WorkerAvatar({ name, gender, avatarId, size = 32, decorative, title }: WorkerAvatarProps) {
  const photo = useThumbnail(avatarId);
  return (
    <Avatar
      size={size}
      name={name}
      image={{ src: photo ?? defaultAvatarOf(gender), alt: decorative ? '' : name }}
      {...(decorative ? { 'aria-hidden': true } : {})}
      {...(title ? { title } : {})}
      data-photo={photo ? 'true' : 'false'}
    />
  );
}

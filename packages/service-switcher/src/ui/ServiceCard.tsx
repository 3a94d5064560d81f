import { useState, type MouseEvent } from 'react';
import type { Messages } from '../i18n/messages.ts';
import type { Product } from '../model/products.ts';
import { isLocked, type CardVariant } from '../model/variant.ts';
import { fallbackIcon } from './fallbackIcon.ts';

export interface ServiceCardProps {
  readonly product: Product;
  readonly variant: CardVariant;
  readonly messages: Messages;
  /** Opens the product; not called for locked cards. */
  readonly onOpen: (product: Product) => void;
  /** Called once per product whose image is missing or fails to load (SW-2.21). */
  readonly onMissingImage: (product: Product) => void;
}

/** One tile: image, title, and the reason when it is locked. */
export function ServiceCard({
  product,
  variant,
  messages,
  onOpen,
  onMissingImage,
}: ServiceCardProps) {
  const [imageFailed, setImageFailed] = useState(product.iconUrl === undefined);
  const locked = isLocked(variant);
  const reason =
    variant === 'license'
      ? messages.noLicense
      : variant === 'permission'
        ? messages.noPermission
        : variant === 'offline'
          ? messages.offline
          : variant === 'unavailable'
            ? messages.unavailable
            : undefined;
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    if (variant === 'none') onOpen(product);
  };
  return (
    <li className="ics-card" data-variant={variant} data-unique-name={product.uniqueName}>
      <a
        className="ics-card__link"
        href={variant === 'none' ? product.indexPageUrl : undefined}
        role={variant === 'none' ? undefined : 'link'}
        tabIndex={0}
        aria-disabled={variant === 'none' ? undefined : true}
        aria-describedby={reason ? `ics-reason-${product.uniqueName}` : undefined}
        title={reason ?? (product.tooltip || undefined)}
        onClick={onClick}
      >
        <img
          className="ics-card__image"
          src={imageFailed ? fallbackIcon(product.uniqueName) : product.iconUrl}
          alt=""
          width={70}
          height={70}
          onError={() => {
            if (imageFailed) return;
            setImageFailed(true);
            onMissingImage(product);
          }}
        />
        <span className="ics-card__title">{product.label}</span>
      </a>
      {locked || variant === 'offline' ? (
        <span
          className="ics-card__lock"
          data-icon={variant === 'license' ? 'key' : variant === 'offline' ? 'offline' : 'lock'}
        >
          <span className="ics-visually-hidden" id={`ics-reason-${product.uniqueName}`}>
            {reason}
          </span>
        </span>
      ) : null}
    </li>
  );
}

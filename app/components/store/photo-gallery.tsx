import { Form } from 'react-router'

import { Button } from '~/components/ui/button'
import { useTranslation } from '~/hooks/use-translation'

export type GalleryPhoto = { id: string; url: string; fileName: string }

/** A product's photos: the first large, the others as a row beneath; a delete button under each for editors. */
export function PhotoGallery({ name, photos, canDelete }: { name: string; photos: readonly GalleryPhoto[]; canDelete: boolean }) {
  const { t } = useTranslation()
  if (!photos.length) {
    return (
      <div className="flex aspect-square w-full items-center justify-center rounded-xl bg-neutral text-sm text-muted" data-testid="product-no-photo">
        {t('store.product.noPhoto')}
      </div>
    )
  }
  const [first, ...rest] = photos
  const remove = (photo: GalleryPhoto) =>
    canDelete ? (
      <Form method="post" className="mt-1">
        <input type="hidden" name="intent" value="deletePhoto" />
        <input type="hidden" name="photoId" value={photo.id} />
        <Button type="submit" variant="secondary" size="sm" aria-label={t('products.photos.deleteOne', { name: photo.fileName })}>
          {t('common.delete')}
        </Button>
      </Form>
    ) : null
  return (
    <div className="space-y-3" data-testid="product-photos">
      <figure>
        <img src={first.url} alt={t('store.product.photoAlt', { name })} className="aspect-square w-full rounded-xl bg-neutral object-contain" />
        {remove(first)}
      </figure>
      {rest.length ? (
        <ul className="grid grid-cols-4 gap-2">
          {rest.map((photo) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url}
                  alt={t('store.product.photoAlt', { name })}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg bg-neutral object-cover"
                />
              </a>
              {remove(photo)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

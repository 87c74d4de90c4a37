import type { SystemStyleObject } from '@chakra-ui/react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { mediaUrl } from '../../shared/api/media-url';
import { CataloguePicture } from '../../shared/ui/catalogue-picture';

/** The default picture first, then the item's main image, then any picture. */
function pictureOf(item: CatalogueItem): string | undefined {
  return mediaUrl(item.images.find((image) => image.isDefault)?.url ?? item.image ?? item.images[0]?.url);
}

/** The item's whole picture, or its category placeholder (SPEC.md §8). */
export function CatalogueImage({ item, size }: { item: CatalogueItem; size: SystemStyleObject['width'] }) {
  return <CataloguePicture src={pictureOf(item)} category={item.category} width={size} />;
}

import { MediaLibrary } from '../media/media-library';
import { ResourceTab } from '../resource-tab';
import { images } from '../resources/images';

/** The Images tab: the media library first, then the images registered by their address. */
export function ImagesTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <MediaLibrary />
      <ResourceTab config={images} />
    </div>
  );
}

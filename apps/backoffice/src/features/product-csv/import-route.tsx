import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Page } from '../../components/page';
import { useCan } from '../../lib/me';
import { holds } from '../../lib/permissions';
import { queryClient } from '../../lib/query-client';
import { claimsNow } from '../../lib/session';
import { recentImportsQuery } from './api/imports';
import { FileDrop, fileProblem } from './components/file-drop';
import { NoImportAccess } from './components/no-access';
import { ProgressMeter } from './components/progress-meter';
import { RecentImports } from './components/recent-imports';
import { Refusal } from './components/refusal';
import { formatBytes } from './file-size';
import { useFileUpload } from './hooks/use-file-upload';
import './product-csv.css';

const TITLE = 'Import products';

/** What an import does, in the merchant's words (the details are in docs/product-csv.md). */
function HowItWorks() {
  return (
    <Card title="How an import works" id="how">
      <ul className="csv-rules">
        <li>
          Each product is found by its <strong>Handle</strong>: a product whose handle is already in the store is
          updated, any other is created. Importing the same file again updates those products and adds none twice.
        </li>
        <li>Only the columns in the file change anything; a column that is left out keeps what the product has.</li>
        <li>
          A product with a mistake is not imported and nothing of it changes; its line and column are listed, and the
          other products go on.
        </li>
        <li>Images given by URL are added to the product; one that cannot be fetched is listed on its row.</li>
        <li>
          Columns Merx has no place for (Tags, Type, Google Shopping…) are read past and named when the import ends.
        </li>
      </ul>
      <p className="muted">
        Need a file to start from? <Link to="/products/export">Export your products</Link> and edit the copy.
      </p>
    </Card>
  );
}

/**
 * Products → Import: a form page of one step (choose a CSV file in Shopify's layout, send it with a progress bar),
 * then the new import's own page; below, the recent imports. Not an index or a detail page: there is no record
 * until the server has taken the file. A refused file is explained at the top, with nothing written.
 */
export function Component() {
  const can = useCan();
  const [file, setFile] = useState<File>();
  const upload = useFileUpload();
  if (!can('catalog:write')) return <NoImportAccess title={TITLE} />;
  const problem = file ? fileProblem(file) : undefined;
  const { progress } = upload;

  return (
    <Page
      title={TITLE}
      crumbs={[{ label: 'Products', to: '/products' }]}
      subtitle="Bring products in from a Shopify product CSV, or update your catalog from a spreadsheet."
    >
      {upload.refused ? <Refusal {...upload.refused} /> : null}
      <div className="columns">
        <Card title="File" id="file">
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              if (file && !problem) upload.send(file);
            }}
          >
            <FileDrop
              file={file}
              problem={problem}
              disabled={upload.sending}
              onChoose={(chosen) => {
                setFile(chosen);
                upload.clearRefusal();
              }}
            />
            {progress ? (
              <ProgressMeter
                label={`Uploading ${file?.name ?? 'the file'}`}
                value={progress.total > 0 ? progress.loaded / progress.total : undefined}
                detail={
                  progress.total > 0 && progress.loaded >= progress.total
                    ? 'Checking the whole file…'
                    : `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)} sent`
                }
              />
            ) : null}
            <div className="form-actions">
              {upload.sending ? (
                <button type="button" className="button button--secondary" onClick={upload.cancel}>
                  Cancel upload
                </button>
              ) : null}
              <button type="submit" className="button" disabled={!file || Boolean(problem) || upload.sending}>
                {upload.sending ? 'Uploading…' : 'Start import'}
              </button>
            </div>
          </form>
        </Card>
        <HowItWorks />
      </div>
      <RecentImports />
    </Page>
  );
}

/** Starts loading the recent imports while the page opens (for staff who may import). */
export function warm() {
  if (holds(claimsNow(), 'catalog:write')) void queryClient.prefetchQuery(recentImportsQuery());
}

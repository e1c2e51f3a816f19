import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import TOC from '@theme/TOC';
import TOCCollapsible from '@theme/TOCCollapsible';
import {SECTION_IDS} from '@site/plugins/api-reference/client/anchors';
import type {RestPageProps} from '@site/plugins/api-reference/routes';
import Markdown from '../Markdown';
import Servers from '../Servers';
import Security from '../Security';
import Operation from '../Operation';
import RestIndex from '../RestIndex';
import {ErrorBodies} from '../ResponseList';
import {DataTypes, DescribedSchemas} from '../Schema';
import Downloads from '../Downloads';
import Lead from '../Lead';
import CopyMarkdown from '@site/src/components/CopyMarkdown';
import {restNavigation} from '../navigation';
import {useMovedAnchors} from '../useMovedAnchors';
import ReleaseBar from '../Release';
import {CurrentReleaseContext} from '../Release/context';
import styles from './styles.module.css';

/** One route module per prop (plugins/api-reference/routes.ts). */
type Props = RestPageProps;

/** Data work happens inside Layout's children so a failure shows the crash fallback. */
function RestReference({model}: Props): ReactNode {
  const toc = restNavigation(model);
  useMovedAnchors(model.movedAnchors);
  return (
    // Wider than a guide: the operations' panes need the room (see ../layout.module.css).
    <CurrentReleaseContext.Provider value={(model.release?.id ?? null) === null}>
      <div className={`container margin-vert--lg ${styles.page}`}>
        <div className={styles.columns}>
          {/* The operations by tag, with their methods: beside the reference from 997px, sticky. */}
          <nav className={styles.desktopToc} aria-label="Operations">
            <TOC toc={toc} minHeadingLevel={2} maxHeadingLevel={3} />
          </nav>
          <main className={styles.main}>
            <article className={styles.reference}>
              <header>
                <CopyMarkdown />
                {model.page !== undefined ? (
                  <p className={styles.meta}>
                    <Link to={model.page.indexRoute}>REST API reference</Link> › {model.page.title}
                  </p>
                ) : null}
                <Heading as="h1">{model.page?.title ?? 'REST API reference'}</Heading>
                <ReleaseBar release={model.release} api="rest" />
                <Lead
                  title={model.title}
                  version={model.version}
                  format={model.openapi !== '' ? `OpenAPI ${model.openapi}` : undefined}
                />
                {model.summary !== undefined ? <p>{model.summary}</p> : null}
                <Downloads name="openapi" label="OpenAPI document" release={model.release} />
              </header>
              <div className={styles.mobileToc}>
                <TOCCollapsible toc={toc} minHeadingLevel={2} maxHeadingLevel={3} />
              </div>
              <Markdown html={model.description} />
              {model.contact !== undefined ||
              model.license !== undefined ||
              model.termsOfService !== undefined ? (
                <ul className={styles.meta}>
                  {model.contact?.email !== undefined ? (
                    <li>
                      Contact:{' '}
                      <Link href={`mailto:${model.contact.email}`}>
                        {model.contact.name ?? model.contact.email}
                      </Link>
                    </li>
                  ) : model.contact?.url !== undefined ? (
                    <li>
                      Contact: <Link href={model.contact.url}>{model.contact.name ?? model.contact.url}</Link>
                    </li>
                  ) : null}
                  {model.license !== undefined ? (
                    <li>
                      License:{' '}
                      {model.license.url !== undefined ? (
                        <Link href={model.license.url}>{model.license.name}</Link>
                      ) : (
                        model.license.name
                      )}
                    </li>
                  ) : null}
                  {model.termsOfService !== undefined ? (
                    <li>
                      <Link href={model.termsOfService}>Terms of service</Link>
                    </li>
                  ) : null}
                </ul>
              ) : null}
              <Servers servers={model.servers} />
              <Security schemes={model.securitySchemes} requirements={model.security} />
              {model.index !== undefined ? <RestIndex index={model.index} /> : null}
              {model.tags.map((tag) => (
                <section key={tag.id} aria-labelledby={tag.id} className={styles.tag}>
                  <Heading as="h2" id={tag.id}>
                    {tag.name}
                  </Heading>
                  <Markdown html={tag.description} />
                  {tag.operations.map((op) => (
                    <Operation key={op.id} operation={op} />
                  ))}
                </section>
              ))}
              {model.webhooks.length > 0 ? (
                <section aria-labelledby={SECTION_IDS.webhooks} className={styles.tag}>
                  <Heading as="h2" id={SECTION_IDS.webhooks}>
                    Webhooks
                  </Heading>
                  <p>Requests the API sends to you.</p>
                  {model.webhooks.map((op) => (
                    <Operation key={op.id} operation={op} />
                  ))}
                </section>
              ) : null}
              <ErrorBodies bodies={model.errorBodies ?? []} />
              <DescribedSchemas schemas={model.schemas ?? []} />
              <DataTypes types={model.dataTypes ?? []} />
            </article>
          </main>
        </div>
      </div>
    </CurrentReleaseContext.Provider>
  );
}

/** " · 2.0.0" in an older or upcoming release's title: tabs and history entries tell them apart. */
export function releaseSuffix(release: RestPageProps['model']['release']): string {
  if (release === undefined || release.id === null) return '';
  return release.kind === 'next' ? ` · ${release.version} (upcoming)` : ` · ${release.version}`;
}

export default function RestPage(props: Props): ReactNode {
  return (
    <Layout
      title={`${
        props.model.page !== undefined
          ? `${props.model.page.title} · REST API reference`
          : 'REST API reference'
      }${releaseSuffix(props.model.release)}`}
      description={`REST API reference of the ${props.identity.title}`}
    >
      <RestReference {...props} />
    </Layout>
  );
}

import { EmailLink, establishmentFacts, ExternalLink, InternalLink, legalPage, WebsiteLink } from './legal-layout';

/**
 * Mentions légales (SPEC.md §2 'Static pages'), as required by article 6 III of the French
 * LCEN (loi n° 2004-575 du 21 juin 2004). Every identity detail comes from the establishment
 * info call so the page never shows a made-up company.
 */
export const LegalNoticePage = legalPage({
  title: 'Mentions légales',
  intro: ({ info }) => (
    <>
      Conformément à l’article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique
      (LCEN), nous portons à la connaissance des utilisateurs du site <WebsiteLink website={info.website} /> les
      informations suivantes.
    </>
  ),
  sections: ({ info, address }) => [
    {
      title: 'Éditeur du site',
      blocks: [
        <>
          Le site est édité par {info.legalName}, exploitant du parc de loisirs {info.name}.
        </>,
        { facts: establishmentFacts(info) },
      ],
    },

    {
      title: 'Directeur de la publication',
      blocks: [
        <>
          Le directeur de la publication est le représentant légal de {info.legalName}. Il peut être joint par e-mail à
          l’adresse <EmailLink email={info.email} /> ou par courrier à l’adresse : {address}.
        </>,
      ],
    },

    {
      title: 'Hébergement',
      blocks: [
        <>Le site et ses données sont hébergés sur les propres serveurs de l’éditeur, dans ses locaux :</>,
        {
          facts: [
            { label: 'Hébergeur', value: info.legalName },
            { label: 'Adresse', value: address },
            { label: 'Téléphone', value: info.phone },
          ],
        },
      ],
    },

    {
      title: 'Propriété intellectuelle',
      blocks: [
        <>
          L’ensemble des éléments du site (textes, photographies, logos, marques, mise en page, éléments graphiques et
          logiciels) est la propriété de {info.legalName} ou fait l’objet d’une autorisation d’utilisation, et est
          protégé par le Code de la propriété intellectuelle.
        </>,
        <>
          Toute reproduction, représentation, modification, diffusion ou exploitation, totale ou partielle, de ces
          éléments, par quelque procédé que ce soit, sans l’autorisation écrite préalable de {info.legalName} est
          interdite et constitue une contrefaçon sanctionnée par les articles L. 335-2 et suivants du Code de la
          propriété intellectuelle.
        </>,
      ],
    },

    {
      title: 'Données personnelles',
      blocks: [
        <>
          Les données personnelles recueillies sur le site (compte client, demandes de réservation, participants
          invités, messages échangés avec l’équipe) sont traitées par {info.legalName}, responsable de traitement,
          conformément au règlement (UE) 2016/679 (RGPD) et à la loi n° 78-17 du 6 janvier 1978 relative à
          l’informatique, aux fichiers et aux libertés.
        </>,
        <>
          Vous disposez d’un droit d’accès, de rectification, d’effacement, de portabilité et d’opposition, que vous
          pouvez exercer en écrivant à <EmailLink email={info.email} />. Le détail des traitements, des durées de
          conservation et de vos droits figure dans notre{' '}
          <InternalLink to="/privacy">politique de confidentialité</InternalLink>.
        </>,
      ],
    },

    {
      title: 'Cookies et stockage local',
      blocks: [
        <>Le site ne dépose aucun cookie publicitaire ou de mesure d’audience et n’utilise aucun outil de pistage.</>,
        <>
          Seul un stockage strictement technique est utilisé : lorsque vous vous connectez à votre espace client, un
          jeton de session est enregistré dans le stockage local de votre navigateur afin de vous maintenir connecté. Il
          est supprimé à la déconnexion. Ce stockage, indispensable au fonctionnement du service demandé, est dispensé
          de consentement en application de l’article 82 de la loi « Informatique et Libertés ».
        </>,
        <>
          Lors d’un paiement par carte, le formulaire sécurisé de notre prestataire de paiement est chargé depuis ses
          propres serveurs ; ce prestataire peut utiliser les traceurs strictement nécessaires à la sécurité de la
          transaction et à la prévention de la fraude.
        </>,
      ],
    },

    {
      title: 'Liens externes',
      blocks: [
        <>
          Le site peut contenir des liens vers d’autres sites, notamment les réseaux sociaux du parc. {info.legalName}{' '}
          n’exerce aucun contrôle sur ces sites et décline toute responsabilité quant à leur contenu.
        </>,
      ],
    },

    {
      title: 'Crédits',
      blocks: [
        {
          list: [
            <>Contenus, textes et photographies : {info.name}, sauf mention contraire.</>,
            <>
              Polices de caractères : Nunito et Inter, distribuées sous licence{' '}
              <ExternalLink href="https://openfontlicense.org">SIL Open Font License</ExternalLink>.
            </>,
            <>
              Icônes : <ExternalLink href="https://lucide.dev">Lucide</ExternalLink>, sous licence ISC.
            </>,
          ],
        },
      ],
    },

    {
      title: 'Contact',
      blocks: [
        <>
          Pour toute question relative au site, vous pouvez écrire à <EmailLink email={info.email} />, nous joindre par
          téléphone ({info.phone}) ou envoyer un courrier à l’adresse : {address}. Les conditions applicables aux
          réservations figurent dans nos <InternalLink to="/cgv">conditions générales de vente</InternalLink>.
        </>,
      ],
    },
  ],
});

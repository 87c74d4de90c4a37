import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TOKEN_STORAGE_KEY } from '@shared/constants';
import { EmailLink, ExternalLink, InternalLink, legalPage, WebsiteLink } from './legal-layout';

function Term({ children }: { children: ReactNode }) {
  return (
    <Text as="span" fontWeight="semibold">
      {children}
    </Text>
  );
}

/**
 * Politique de confidentialité (RGPD articles 13 and 14), linked from wizard step 3. It lists
 * what the product actually stores: account, booking, invited participants, chat messages and
 * payment records; card numbers stay with the card provider. Retention follows SPEC.md §9.
 */
export const PrivacyPage = legalPage({
  title: 'Politique de confidentialité',
  intro: ({ info }) => (
    <>
      La présente politique explique comment {info.name} collecte et utilise vos données personnelles lorsque vous
      utilisez le site <WebsiteLink website={info.website} /> et votre espace client, et comment exercer vos droits,
      conformément au règlement (UE) 2016/679 du 27 avril 2016 (RGPD) et à la loi n° 78-17 du 6 janvier 1978 relative à
      l’informatique, aux fichiers et aux libertés.
    </>
  ),
  sections: ({ info, address }) => [
    {
      title: '1. Responsable du traitement',
      blocks: [
        <>Le responsable du traitement de vos données est :</>,
        {
          facts: [
            { label: 'Raison sociale', value: info.legalName },
            { label: 'Nom commercial', value: info.name },
            { label: 'SIRET', value: info.siret },
            { label: 'Adresse', value: address },
            { label: 'Téléphone', value: info.phone },
            { label: 'E-mail', value: <EmailLink email={info.email} /> },
          ],
        },
      ],
    },

    {
      title: '2. Données collectées',
      blocks: [
        {
          subsection: 'Compte client',
          blocks: [
            <>
              Civilité, prénom et nom (ou nom de l’entreprise), adresse e-mail, numéro de téléphone, mot de passe
              (enregistré uniquement sous une forme hachée, jamais en clair), date d’inscription et statut du compte.
            </>,
          ],
        },
        {
          subsection: 'Demandes de réservation',
          blocks: [
            <>
              Type d’événement, nom de l’association ou de l’entreprise le cas échéant, date, nombre de participants,
              activités et services choisis, créneaux horaires, contact principal, remarques que vous ajoutez, statut de
              la demande et historique de ses validations.
            </>,
          ],
        },
        {
          subsection: 'Participants invités',
          blocks: [
            <>
              Lorsqu’une personne rejoint un événement par un lien d’invitation : prénom, nom, adresse e-mail, téléphone
              et mot de passe de son compte, date à laquelle elle a rejoint la réservation et statut de sa
              participation. Pour les liens eux-mêmes : date d’expiration et nombre d’utilisations.
            </>,
          ],
        },
        {
          subsection: 'Messages',
          blocks: [
            <>
              Contenu des messages échangés avec l’équipe dans la discussion de la réservation, images jointes, date
              d’envoi et statut de lecture.
            </>,
          ],
        },
        {
          subsection: 'Paiements',
          blocks: [
            <>
              Type de paiement, montant, part de chaque participant en cas de paiement collectif, statut et date des
              paiements ou des autorisations de caution, contrat de réservation. Les paiements par carte sont traités
              par notre prestataire de paiement par carte : les numéros de carte sont saisis directement auprès de lui,
              et le parc ne reçoit ni ne conserve jamais vos numéros de carte.
            </>,
          ],
        },
        {
          subsection: 'Données techniques',
          blocks: [
            <>
              Le jeton de session enregistré dans votre navigateur (voir l’article 9) et, de manière transitoire,
              l’adresse IP utilisée pour protéger le service contre les abus.
            </>,
          ],
        },
        <>
          Les champs obligatoires sont signalés dans les formulaires ; sans eux, votre demande ne peut pas être traitée.
        </>,
      ],
    },

    {
      title: '3. Finalités et bases légales',
      blocks: [
        {
          list: [
            <>
              <Term>Création et gestion de votre compte client</Term> : exécution du contrat (article 6, paragraphe 1, b
              du RGPD).
            </>,
            <>
              <Term>Traitement des demandes de réservation, devis, organisation et déroulement des activités</Term> :
              exécution du contrat et mesures précontractuelles prises à votre demande (article 6.1.b).
            </>,
            <>
              <Term>Invitations et participation à un événement</Term> : exécution du contrat conclu avec chaque
              participant lors de la création de son compte (article 6.1.b).
            </>,
            <>
              <Term>Discussion avec l’équipe</Term> : exécution du contrat (article 6.1.b).
            </>,
            <>
              <Term>Paiements, cautions et facturation</Term> : exécution du contrat (article 6.1.b) et respect des
              obligations comptables et fiscales (article 6.1.c).
            </>,
            <>
              <Term>Sécurité du site, prévention de la fraude et gestion des réclamations et litiges</Term> : intérêt
              légitime du parc à protéger son service et à défendre ses droits (article 6.1.f).
            </>,
          ],
        },
        <>
          Vos données ne sont utilisées à aucune fin publicitaire, ne sont ni vendues ni louées, et ne font l’objet
          d’aucune décision automatisée ni d’aucun profilage.
        </>,
      ],
    },

    {
      title: '4. Durées de conservation',
      blocks: [
        {
          list: [
            <>
              <Term>Compte client</Term> : jusqu’à la suppression du compte.
            </>,
            <>
              <Term>Données de réservation</Term> (demandes, participants, paiements, messages de la discussion) : 3 ans
              après la dernière activité.
            </>,
            <>
              <Term>Pièces comptables</Term> (factures) : 10 ans, conformément à l’article L. 123-22 du Code de
              commerce.
            </>,
            <>
              <Term>Jeton de session</Term> : jusqu’à la déconnexion.
            </>,
            <>
              <Term>Numéros de carte</Term> : jamais conservés par le parc.
            </>,
          ],
        },
      ],
    },

    {
      title: '5. Destinataires',
      blocks: [
        <>Vos données sont accessibles uniquement :</>,
        {
          list: [
            <>aux membres habilités de l’équipe de {info.legalName}, dans la limite de leurs attributions ;</>,
            <>
              aux autres personnes rattachées à la même réservation : l’organisateur et les participants voient les noms
              des inscrits et l’ensemble des messages de la discussion ; les personnes disposant d’un lien d’invitation
              valide voient le nom de l’organisateur et des participants déjà inscrits ;
            </>,
            <>
              à notre prestataire de paiement par carte, pour les seules données nécessaires à l’exécution et à la
              sécurisation des paiements ;
            </>,
            <>aux autorités administratives ou judiciaires, lorsque la loi l’exige.</>,
          ],
        },
        <>
          Le site et ses données sont hébergés sur les propres serveurs du parc, à son adresse. Lorsque le prestataire
          de paiement traite des données hors de l’Union européenne, ces transferts sont encadrés par les garanties
          prévues par le RGPD (décision d’adéquation ou clauses contractuelles types).
        </>,
      ],
    },

    {
      title: '6. Sécurité',
      blocks: [
        <>
          Le parc met en œuvre des mesures techniques et organisationnelles adaptées pour protéger vos données :
          échanges chiffrés, mots de passe hachés, accès restreint aux seules personnes habilitées. Pensez à garder
          votre mot de passe confidentiel et à vous déconnecter sur un appareil partagé.
        </>,
      ],
    },

    {
      title: '7. Vos droits',
      blocks: [
        <>Vous disposez, sur vos données, des droits suivants :</>,
        {
          list: [
            <>
              <Term>droit d’accès</Term> : obtenir la confirmation que vos données sont traitées et en recevoir une
              copie ;
            </>,
            <>
              <Term>droit de rectification</Term> : faire corriger des données inexactes ou incomplètes ;
            </>,
            <>
              <Term>droit à l’effacement</Term> : obtenir la suppression de vos données, sous réserve des obligations
              légales de conservation ;
            </>,
            <>
              <Term>droit à la limitation</Term> du traitement ;
            </>,
            <>
              <Term>droit à la portabilité</Term> : recevoir les données que vous nous avez fournies dans un format
              structuré et couramment utilisé, ou les faire transmettre à un autre organisme ;
            </>,
            <>
              <Term>droit d’opposition</Term> : vous opposer, pour des raisons tenant à votre situation particulière,
              aux traitements fondés sur l’intérêt légitime du parc ;
            </>,
            <>
              <Term>directives post mortem</Term> : définir des directives relatives au sort de vos données après votre
              décès.
            </>,
          ],
        },
      ],
    },

    {
      title: '8. Exercer vos droits et réclamation',
      blocks: [
        <>
          Pour exercer vos droits, écrivez-nous par e-mail à <EmailLink email={info.email} /> ou par courrier à
          l’adresse : {address}. En cas de doute raisonnable sur votre identité, un justificatif pourra vous être
          demandé. Nous vous répondons dans un délai d’un mois, prolongeable de deux mois si la demande est complexe ;
          vous en serez alors informé.
        </>,
        <>
          Vous pouvez corriger à tout moment vos prénom, nom et téléphone depuis l’onglet Profil de votre espace client.
        </>,
        <>
          Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez introduire une
          réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy,
          TSA 80715, 75334 Paris Cedex 07, ou en ligne sur{' '}
          <ExternalLink href="https://www.cnil.fr">www.cnil.fr</ExternalLink>.
        </>,
      ],
    },

    {
      title: '9. Cookies et stockage local',
      blocks: [
        <>
          Le site n’utilise aucun cookie publicitaire ou de mesure d’audience ni aucun outil de pistage. Le seul élément
          enregistré sur votre appareil est le jeton de session, conservé dans le stockage local de votre navigateur
          sous la clé « {TOKEN_STORAGE_KEY} » lorsque vous vous connectez. Il sert uniquement à vous maintenir connecté
          à votre espace client et est supprimé à la déconnexion. Strictement nécessaire au service que vous demandez,
          il ne requiert pas votre consentement (article 82 de la loi « Informatique et Libertés »).
        </>,
        <>
          Lors d’un paiement par carte, le formulaire sécurisé du prestataire de paiement est chargé depuis ses propres
          serveurs ; ce prestataire peut utiliser les traceurs strictement nécessaires à la sécurité de la transaction
          et à la prévention de la fraude.
        </>,
      ],
    },

    {
      title: '10. Modification de la politique',
      blocks: [
        <>
          Cette politique peut évoluer, notamment pour suivre la réglementation ou les fonctionnalités du site ; la date
          de dernière mise à jour figure en tête de page. Voir aussi nos{' '}
          <InternalLink to="/mentions-legales">mentions légales</InternalLink>, nos{' '}
          <InternalLink to="/conditions">conditions d’utilisation</InternalLink> et nos{' '}
          <InternalLink to="/cgv">conditions générales de vente</InternalLink>.
        </>,
      ],
    },
  ],
});
